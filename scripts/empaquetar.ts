/**
 * `npm run empaquetar [-- --destino <carpeta>]` on a build machine, after `npm run build`: a release archive with the
 * built site, the program compiled to JavaScript and the production packages the server needs, its SHA-256 and its
 * version (scripts/lib/releasePackage.ts, scripts/lib/releaseCompile.ts).
 */
import path from 'node:path'
import { readCommandLine } from '../src/cli/commandLine.ts'
import { programCommit, programVersion } from '../src/server/version.ts'
import { runtimePackages } from './lib/releaseCompile.ts'
import { makePackage } from './lib/releasePackage.ts'

const root = process.cwd()
try {
  const usage = 'Uso: npm run empaquetar [-- --destino <carpeta>]'
  const { values, positionals } = readCommandLine(process.argv.slice(2), { destino: { type: 'string' } }, usage)
  if (positionals.length > 0 || values.destino === '') throw new Error(usage)
  const outDir = path.resolve(values.destino ?? 'paquetes')
  const commit = programCommit(root)
  if (!commit) throw new Error('no se sabe el commit de esta copia (no es una copia de git).')
  const info = { version: programVersion(), commit, fecha: new Date().toISOString(), node: process.version }
  const file = await makePackage(root, outDir, info, runtimePackages(root))
  console.log(`✓ Paquete ${file}\n  y su suma SHA-256 en ${file}.sha256 (cópielos juntos al servidor).`)
} catch (error) {
  console.error(`✗ ${(error as Error).message}`)
  process.exit(1)
}
