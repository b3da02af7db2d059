import fs from 'node:fs'
import path from 'node:path'
import { compiledNodeArgs } from './compiledCommand.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * The Node arguments of `npm run <script>` in `root`: its package.json script, `tsx <file>`, run as that file's
 * compiled copy (compiledCommand.ts), made from the sources of `root` (this checkout, or a copy of the project: its
 * own compiled copy, which finds the files beside its own sources). Tests run what the guide has people type without
 * npm's own start (a second Node process, seconds each on a busy CI machine), and fail if the script stops being a
 * plain `tsx <file>` (or `node <file> …`). The arguments name the compiled file by its absolute path: run them with the copy as `cwd`.
 */
export function npmScriptArgs(name: string, root = ROOT): string[] {
  const line = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[name]
  // `node scripts/compiled.mjs validate`: already a compiled copy's start (`npm run build`, `validate`).
  const node = /^node ((?:\S+ ?)+)$/.exec(line ?? '')?.[1]
  if (node) return node.split(' ')
  const file = /^tsx (\S+)$/.exec(line ?? '')?.[1]
  if (!file) throw new Error(`npm run ${name} ya no es «tsx <archivo>» ni «node <archivo> …»: ${line}`)
  return compiledNodeArgs(file, [], root)
}
