/**
 * `npm run empaquetar [-- --destino <carpeta>]` on a build machine, after `npm run build`: a release archive with the
 * built site, the program compiled to JavaScript and the production packages the server needs, its SHA-256 and its
 * version (scripts/lib/releasePackage.ts, scripts/lib/releaseCompile.ts).
 */
import path from 'node:path'
import { programCommit, programVersion } from '../src/server/version.ts'
import { runtimePackages } from './lib/releaseCompile.ts'
import { makePackage } from './lib/releasePackage.ts'

const root = process.cwd()
const at = process.argv.indexOf('--destino')
const outDir = path.resolve(at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : 'paquetes')
try {
  const commit = programCommit(root)
  if (!commit) throw new Error('no se sabe el commit de esta copia (no es una copia de git).')
  const info = { version: programVersion(), commit, fecha: new Date().toISOString(), node: process.version }
  const file = await makePackage(root, outDir, info, runtimePackages(root))
  console.log(`✓ Paquete ${file}\n  y su suma SHA-256 en ${file}.sha256 (cópielos juntos al servidor).`)
} catch (error) {
  console.error(`✗ ${(error as Error).message}`)
  process.exit(1)
}
