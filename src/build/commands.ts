/**
 * How our scripts start other programs so that the same code works on the staff's Windows PCs and on
 * Linux servers. Node refuses to run `npm.cmd` (a batch file) without a shell since 20.12
 * (CVE-2024-27980), and a shell means quoting; so whenever possible we start Node itself with a
 * JavaScript entry point, which needs no shell on any system.
 */
import type { SpawnOptions } from 'node:child_process'
import path from 'node:path'

export interface CommandSpec {
  command: string
  args: string[]
  /** Only true for `npm.cmd` on Windows when npm's own entry point is unknown. */
  shell: boolean
}

export interface Platform {
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
  execPath: string
}

const current = (): Platform => ({ platform: process.platform, env: process.env, execPath: process.execPath })

/** Quotes one argument for cmd.exe: spaces and metacharacters inside double quotes, inner quotes doubled. */
export function quoteForCmd(arg: string): string {
  if (arg !== '' && !/[\s"&|<>^()%!,;=]/.test(arg)) return arg
  return `"${arg.replace(/"/g, '""')}"`
}

/**
 * `npm <args>`. Under `npm run`, npm tells its own entry point (npm_execpath): run it with Node, no
 * shell. Otherwise `npm` on POSIX, and on Windows `npm.cmd` through the shell with quoted arguments.
 */
export function npmCommand(args: readonly string[], p: Platform = current()): CommandSpec {
  const npmCli = p.env.npm_execpath
  if (npmCli && /\.[cm]?js$/.test(npmCli)) return { command: p.execPath, args: [npmCli, ...args], shell: false }
  if (p.platform === 'win32') return { command: 'npm.cmd', args: args.map(quoteForCmd), shell: true }
  return { command: 'npm', args: [...args], shell: false }
}

/** A TypeScript script of this project, run by Node through tsx (no shell, no .cmd shim). */
export function tsxScript(script: string, args: readonly string[] = [], p: Platform = current()): CommandSpec {
  return { command: p.execPath, args: ['--import', 'tsx', script, ...args], shell: false }
}

/**
 * A script of the program at the working folder: through tsx in a checkout, or, in a program installed from a release
 * archive (`compiled`), the JavaScript file the archive holds in its place, run by Node alone (releaseCompile.ts).
 */
export function programScript(script: string, args: readonly string[] = [], compiled = false, p: Platform = current()): CommandSpec {
  return compiled ? { command: p.execPath, args: [script.replace(/\.tsx?$/, '.js'), ...args], shell: false } : tsxScript(script, args, p)
}

/** A package's JavaScript command-line entry (e.g. vike's bin.js), run by Node: no shell, no .cmd shim. */
export function nodeBin(root: string, relativeEntry: string, args: readonly string[] = [], p: Platform = current()): CommandSpec {
  const pathApi = p.platform === 'win32' ? path.win32 : path.posix
  return { command: p.execPath, args: [pathApi.join(root, relativeEntry), ...args], shell: false }
}

/** Options for child_process.spawn/spawnSync from a spec. */
export function spawnOptions(spec: CommandSpec, extra: SpawnOptions = {}): SpawnOptions {
  return { ...extra, shell: spec.shell, windowsHide: true }
}
