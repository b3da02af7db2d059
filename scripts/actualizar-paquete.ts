/**
 * `npm run actualizar -- --paquete <archivo> [--raiz <carpeta>] [--permitir-anterior] [--reintentar]`: install or update
 * the program from a release archive (scripts/lib/packageInstall.ts). `--raiz`: the installation's root (holds
 * `versiones/` and the link `actual`); by default the root of the program this command runs from
 * (`<raiz>/versiones/<versión>/`). On a fresh server, run it from the archive unpacked in a temporary folder, with
 * `--raiz` (docs/guia-operacion.md). Environment: the service's own (DATA_DIR and PUBLICACIONES_DIR absolute, PORT,
 * HOST, DATABASE_URL…), DATABASE_URL_DUENIO with PostgreSQL, ACTUALIZAR_ESPERA_S (120).
 */
import fs from 'node:fs'
import path from 'node:path'
import { readCommandLine } from '../src/cli/commandLine.ts'
import { configFromEnv } from '../src/server/config.ts'
import { releasesDirFromEnv } from '../src/server/releases.ts'
import { keepFromEnv } from './lib/releaseFolders.ts'
import { updateFromPackage, VERSIONS_DIR } from './lib/packageInstall.ts'
import { postgresAccounts } from './lib/updateDatabase.ts'
import { serviceBase } from './lib/updateHealth.ts'

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

const USAGE = 'Uso: npm run actualizar -- --paquete <archivo .tar.gz> [--raiz <carpeta>] [--permitir-anterior] [--reintentar]'
const OPTIONS = {
  paquete: { type: 'string' },
  raiz: { type: 'string' },
  'permitir-anterior': { type: 'boolean' },
  reintentar: { type: 'boolean' },
} as const

/** `--raiz`, else the root of the installed program this runs from. */
function installationRoot(given: string | undefined): string {
  if (given) return path.resolve(given)
  const here = fs.realpathSync(process.cwd())
  if (path.basename(path.dirname(here)) === VERSIONS_DIR) return path.dirname(path.dirname(here))
  return fail('indique la carpeta de la instalación con --raiz <carpeta> (la que tiene versiones/ y el enlace actual). No se cambió nada.')
}

try {
  const { values, positionals } = readCommandLine(process.argv.slice(2), OPTIONS, USAGE)
  if (positionals.length > 0) fail(`argumento de más: «${positionals.join(' ')}». ${USAGE}. No se cambió nada.`)
  const file = values.paquete
  if (!file) fail('indique el archivo: npm run actualizar -- --paquete <archivo .tar.gz>. No se cambió nada.')
  const config = configFromEnv()
  await updateFromPackage({
    file: path.resolve(file),
    base: installationRoot(values.raiz),
    dataDir: config.dataDir,
    releasesDir: releasesDirFromEnv(),
    allowOlder: values['permitir-anterior'] === true,
    retry: values.reintentar === true,
    keep: keepFromEnv(),
    service: serviceBase(config.host, config.port),
    waitMs: (Number(process.env.ACTUALIZAR_ESPERA_S) > 0 ? Number(process.env.ACTUALIZAR_ESPERA_S) : 120) * 1000,
    ...(config.databaseUrl ? { postgres: postgresAccounts(process.env, fail) } : {}),
    env: process.env,
    fail,
  })
} catch (error) {
  fail((error as Error).message)
}
