/**
 * Where PostgreSQL's own programs are (pg_dump, pg_restore): PG_BIN when the operator names the folder;
 * on Debian/Ubuntu the newest /usr/lib/postgresql/<major>/bin (the `postgresql` or `postgresql-client`
 * package); on Windows the newest «C:\Program Files\PostgreSQL\<major>\bin»; else the PATH. pg_dump must be
 * as new as the server, hence the newest.
 */
import fs from 'node:fs'
import path from 'node:path'

function newestBin(root: string, exe: string): string | undefined {
  if (!fs.existsSync(root)) return undefined
  const majors = fs
    .readdirSync(root)
    .filter(v => fs.existsSync(path.join(root, v, 'bin', exe)))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
  return majors[0] && path.join(root, majors[0], 'bin', exe)
}

export function pgBinary(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const exe = process.platform === 'win32' ? `${name}.exe` : name
  if (env.PG_BIN) return path.join(env.PG_BIN, exe)
  const found =
    process.platform === 'win32' ? newestBin(path.join(env.ProgramFiles ?? 'C:\\Program Files', 'PostgreSQL'), exe) : newestBin('/usr/lib/postgresql', exe)
  return found ?? exe
}
