import fs from 'node:fs'
import path from 'node:path'
import { compiledNodeArgs } from './compiledCommand.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * The Node arguments of `npm run <script>` in `root`: its package.json script, `tsx <file>`, run as that file's
 * compiled copy in this checkout (compiledCommand.ts) and as `--import tsx <file>` in a copy of the project (a bundle
 * of this checkout would find files beside this checkout's sources). Tests run what the guide has people type without
 * npm's own start (a second Node process, seconds each on a busy CI machine), and fail if the script stops being a
 * plain `tsx <file>`.
 */
export function npmScriptArgs(name: string, root = '.'): string[] {
  const line = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[name]
  const file = /^tsx (\S+)$/.exec(line ?? '')?.[1]
  if (!file) throw new Error(`npm run ${name} ya no es «tsx <archivo>»: ${line}`)
  return path.resolve(root) === ROOT ? compiledNodeArgs(file) : ['--import', 'tsx', file]
}
