import fs from 'node:fs'

/**
 * `npm run export > archivo` (docs/decisions/server-structure.md). npm prints its banner
 * («> paquete@versión export» and the command) on standard output before it
 * starts a script, so a redirected file began with two lines of npm and a
 * spreadsheet opened it wrong. npm has no setting that silences one script:
 * only `-s` typed by the person, or a project-wide `loglevel=silent` that
 * would also hide npm's own errors (a failed `npm ci`, a mistyped script) for
 * every command — too high a price for one command.
 *
 * So a command that writes data to standard output calls {@link writeData}:
 * when npm started it (`npm run`, neither silent nor --json, which already
 * keep the banner out of standard output), its standard output is a regular
 * file, and that file holds exactly as many bytes as npm's banner for this
 * very command line (the file was empty: `>`, not `>>`), the banner is cut
 * away and the data is written from the start of the file. In every other
 * case (a terminal, a pipe, `>>`, PowerShell's own redirection, another npm
 * format) the data is simply written, as before.
 */

/** The banner npm (@npmcli/run-script, npm 7 to 11) wrote for the script running this process, or undefined when it wrote none to standard output. */
export function npmBanner(env: NodeJS.ProcessEnv, args: readonly string[]): string | undefined {
  const { npm_command: command, npm_lifecycle_event: event, npm_lifecycle_script: script, npm_package_name: name, npm_package_version: version } = env
  if (command !== 'run' && command !== 'run-script') return undefined
  if (!event || !script) return undefined
  if (env.npm_config_loglevel === 'silent' || env.npm_config_json === 'true') return undefined
  const id = name && version ? `${name}@${version} ` : ''
  return `\n> ${id}${event}\n> ${script.trim().replace(/\n/g, '\n> ')}${args.length ? ` ${args.join(' ')}` : ''}\n\n`
}

/** Writes `data` to file descriptor `fd` (standard output), without npm's banner when npm wrote it into the same file just before. */
export function writeData(data: string, env: NodeJS.ProcessEnv = process.env, args: readonly string[] = process.argv.slice(2), fd = 1): void {
  const banner = npmBanner(env, args)
  let stat: fs.Stats | undefined
  try {
    stat = banner === undefined ? undefined : fs.fstatSync(fd)
  } catch {
    stat = undefined
  }
  if (!banner || !stat?.isFile() || stat.size !== Buffer.byteLength(banner)) {
    if (fd === 1) process.stdout.write(data)
    else fs.writeSync(fd, data)
    return
  }
  // Positional writes from byte 0: the descriptor's own offset (shared with npm) still points after the banner.
  fs.ftruncateSync(fd, 0)
  const bytes = Buffer.from(data, 'utf8')
  let at = 0
  while (at < bytes.length) at += fs.writeSync(fd, bytes, at, bytes.length - at, at)
}
