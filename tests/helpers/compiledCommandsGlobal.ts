/**
 * Vitest global setup: the compiled copies of the servers and commands the tests start (compiledCommand.ts), made
 * once before any test file runs instead of by the first two files that need the same one at once. A copy whose
 * sources did not change since the last run is kept (checked by content).
 */
import path from 'node:path'
import { currentBundle } from '../../scripts/lib/commandBundle.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** What the tests start most; any other script is compiled by its first start. */
export const STARTED_BY_TESTS = [
  'src/server/main.ts',
  'src/server/usuarios.ts',
  'src/server/export.ts',
  'src/server/dbSetup.ts',
  'src/server/backupCommand.ts',
  'src/server/restoreCommand.ts',
  'scripts/build.ts',
  'scripts/publicar.ts',
  'scripts/trabajador.ts',
  'scripts/sitio.ts',
  'scripts/docs-add.ts',
]

export default async function setup(): Promise<void> {
  await Promise.all(STARTED_BY_TESTS.map(entry => currentBundle(ROOT, entry)))
}
