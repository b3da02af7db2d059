/**
 * `npm run -s bd:preparar -- <cuenta del servidor>` with DATABASE_URL_DUENIO (or, alone, DATABASE_URL) naming the
 * PostgreSQL role that owns the tables: applies the migrations, then gives the server's role its rights
 * (store/pgRoles.ts). Run once at installation and again after every update (new tables get the same rights).
 * The owner's address comes from the environment, which the guide fills from a root-only file
 * (despliegue/servicio.sh `servicio_duenio`), never from the command line: arguments are visible in `ps` and in
 * sudo's log. DATABASE_URL_DUENIO goes first because the service's environment file also defines DATABASE_URL
 * (the server's account, which cannot migrate).
 */
import { readCommandLine } from '../cli/commandLine.ts'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { loadFilingForms } from './siteData.ts'
import { openFilingStore } from './store/open.ts'
import { isPostgresUrl } from './store/postgres.ts'
import { grantRuntimeRole } from './store/pgRoles.ts'
import { prepareQueue } from './jobs/queue.ts'
import { parseSiteKey, registerSiteKey, SITE_KEY_VARIABLE } from './store/siteProof.ts'

/**
 * Migrates the database of `ownerUrl`, grants `runtimeRole` the server's rights and, given the site key
 * (DATABASE_CLAVE_SITIOS), registers it: from then on the server's role proves its site (store/siteProof.ts).
 */
export async function prepareDatabase(ownerUrl: string, runtimeRole: string, manifestDir?: string, siteKey?: string): Promise<void> {
  if (!isPostgresUrl(ownerUrl))
    throw new Error(
      'Defina DATABASE_URL_DUENIO con la cuenta dueña de las tablas (postgres://…), en un archivo que solo root lea (docs/guia-operacion.md, sección 12): este comando es solo para PostgreSQL.',
    )
  const { plan } = loadFilingForms(manifestDir)
  const store = await openFilingStore({ dataDir: '.', plan, databaseUrl: ownerUrl })
  await store.close()
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    await grantRuntimeRole(client, runtimeRole)
    // The platform's job queue, in its own schema (jobs/queue.ts): created or migrated here, by the owner.
    await prepareQueue(ownerUrl, client, runtimeRole)
    if (siteKey) await registerSiteKey(client, parseSiteKey(siteKey))
  } finally {
    await client.end()
  }
}

/** The owner's address: DATABASE_URL_DUENIO when set, else DATABASE_URL (a shell with only the owner's variable). */
export function ownerUrlFrom(env: NodeJS.ProcessEnv): string {
  return env.DATABASE_URL_DUENIO || env.DATABASE_URL || ''
}

async function main(): Promise<void> {
  const usage = 'Indique la cuenta de PostgreSQL del servidor. Ejemplo: npm run -s bd:preparar -- radicacion_servidor'
  try {
    const { positionals } = readCommandLine(process.argv.slice(2), {}, usage)
    const role = positionals[0]
    if (!role || positionals.length > 1) throw new Error(usage)
    const siteKey = process.env[SITE_KEY_VARIABLE]
    await prepareDatabase(ownerUrlFrom(process.env), role, process.env.MANIFEST_DIR ? path.resolve(process.env.MANIFEST_DIR) : undefined, siteKey)
    process.stdout.write(
      `Base de datos al día; la cuenta «${role}» puede leer y escribir los datos, pero no cambiar las tablas ni borrar la auditoría ni el historial.\n` +
        (siteKey
          ? `Clave de ${SITE_KEY_VARIABLE} registrada: la cuenta del servidor solo ve el sitio que prueba con ella.\n`
          : `Sin ${SITE_KEY_VARIABLE} no se registró clave (la ya registrada, si la hay, sigue); sin ninguna, la cuenta del servidor puede cambiar de sitio (vea «PostgreSQL» en docs/guia-operacion.md).\n`),
    )
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 2
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main()
