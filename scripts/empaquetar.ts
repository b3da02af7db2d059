/**
 * `npm run empaquetar [-- --destino <carpeta>]` on a build machine, after `npm run build`: a release archive with the
 * built site, the server's sources and the production packages only, its SHA-256 and its version
 * (scripts/lib/releasePackage.ts).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { programCommit, programVersion } from '../src/server/version.ts'
import { npmCommand, spawnOptions } from './lib/commands.ts'
import { makePackage, productionFolders } from './lib/releasePackage.ts'

const root = process.cwd()
const at = process.argv.indexOf('--destino')
const outDir = path.resolve(at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : 'paquetes')
try {
  const commit = programCommit(root)
  if (!commit) throw new Error('no se sabe el commit de esta copia (no es una copia de git).')
  const ls = npmCommand(['ls', '--omit=dev', '--parseable', '--all'])
  const listed = spawnSync(ls.command, ls.args, { ...spawnOptions(ls, { cwd: root }), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (listed.status !== 0) throw new Error(`npm ls falló: ${String(listed.stderr).trim()}`)
  const file = makePackage(
    root,
    outDir,
    { version: programVersion(), commit, fecha: new Date().toISOString(), node: process.version },
    productionFolders(root, String(listed.stdout)),
  )
  console.log(`✓ Paquete ${file}\n  y su suma SHA-256 en ${file}.sha256 (cópielos juntos al servidor).`)
} catch (error) {
  console.error(`✗ ${(error as Error).message}`)
  process.exit(1)
}
