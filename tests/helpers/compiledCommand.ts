/**
 * How tests start this project's servers and commands: from the compiled copy of the same source
 * (scripts/lib/commandBundle.mjs), not through tsx, whose start-up costs about 0.9 s of CPU per process
 * (docs/decisions/testing.md, «Commands run from a compiled copy»). The copy is compiled once per run
 * (compiledCommandsGlobal.ts) and again before a start whenever the content of one of its sources changed, so a test
 * always runs the current source.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { bundlePath, isCurrent } from '../../scripts/lib/commandBundle.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** `script` (a path of the checkout at `root`, relative to it or absolute) as the bundler's entry: relative, `/`-separated. */
function entryOf(script: string, root: string): string {
  const relative = path.relative(root, path.resolve(root, script))
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${script} no es un archivo de este proyecto`)
  return relative.split(path.sep).join('/')
}

/**
 * Node's arguments that run `script` of this checkout (e.g. `src/server/usuarios.ts`) with `args`, as
 * `node --import tsx <script> <args>` would: the compiled copy's path first. `root`: another copy of the project (a
 * clone the update tests move between commits), whose own sources are compiled by its own compiler module into its
 * own node_modules/.cache/ (a bundle of this checkout would find files beside this checkout's sources).
 */
export function compiledNodeArgs(script: string, args: readonly string[] = [], root = ROOT): string[] {
  // PRUEBAS_CON_TSX=1: through tsx as before, to compare a failure or a timing with the compiled copy's.
  if (process.env.PRUEBAS_CON_TSX === '1') return ['--import', 'tsx', script, ...args]
  const at = path.resolve(root)
  const entry = entryOf(script, at)
  if (!isCurrent(at, entry)) {
    const r = spawnSync(process.execPath, [path.join(at, 'scripts', 'lib', 'commandBundle.mjs'), entry], { cwd: at, encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`No se pudo compilar ${entry}:\n${r.stdout}${r.stderr}`)
  }
  return [bundlePath(at, entry), ...args]
}
