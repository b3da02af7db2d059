/**
 * `npm run -s bd:migrar -- [--desde <carpeta de datos SQLite>] [--sitio <id>] [--reemplazar]`: an installation's
 * SQLite store copied into the PostgreSQL database of DATABASE_URL_DUENIO (else DATABASE_URL: the tables' owner),
 * then verified (src/server/dbMigrate.ts). On a platform `--sitio` names the site the rows become, and its data
 * folder receives the attachments (siteOption.ts). Exit code 0: copied and verified; 2: nothing copied.
 */
import path from 'node:path'
import { ownerUrlFrom } from '../src/server/dbSetup.ts'
import { migrateToPostgres } from '../src/server/dbMigrate.ts'
import { chooseSite } from '../src/server/siteOption.ts'
import { readCommandLine } from '../src/cli/commandLine.ts'
import { isPostgresUrl } from '../src/server/store/postgres.ts'

const USAGE =
  'Uso: npm run -s bd:migrar -- [--desde <carpeta de datos SQLite>] [--sitio <id>] [--reemplazar]\n' +
  'La base de destino es la de DATABASE_URL_DUENIO (o DATABASE_URL): la cuenta dueña de las tablas, tomada del entorno, nunca de la línea de comandos.'

async function main(): Promise<void> {
  const { args, env, siteId } = chooseSite(process.argv.slice(2))
  const { values, positionals } = readCommandLine(args, { desde: { type: 'string' }, reemplazar: { type: 'boolean' } }, USAGE)
  if (positionals.length > 0 || values.desde === '') throw new Error(USAGE)
  const from = values.desde
  const replace = values.reemplazar === true
  const databaseUrl = ownerUrlFrom(env)
  if (!isPostgresUrl(databaseUrl))
    throw new Error(`Defina DATABASE_URL_DUENIO con la cuenta dueña de la base de PostgreSQL de destino (postgres://…).\n${USAGE}`)
  const toDataDir = path.resolve(env.DATA_DIR || './data')
  const fromDataDir = path.resolve(from ?? toDataDir)
  const result = await migrateToPostgres({ fromDataDir, databaseUrl, toDataDir, siteId, replace })
  const out = (line: string) => process.stdout.write(`${line}\n`)
  out(`Copiado de ${fromDataDir} a PostgreSQL como sitio «${result.site}», y verificado (filas y suma SHA-256 de cada tabla iguales en ambos lados):`)
  for (const t of result.tables) out(`  ${t.table}: ${t.rows} filas (sha256 ${t.sha256.slice(0, 12)}…)`)
  out(`Adjuntos: ${result.attachmentsChecked} comprobados con su suma SHA-256, ${result.attachmentsCopied} copiados a ${path.join(toDataDir, 'adjuntos')}.`)
  out(
    'La base SQLite no se modificó. Siguiente paso: npm run -s bd:preparar -- <cuenta del servidor>, defina DATABASE_URL en el archivo de entorno del servicio e inícielo.',
  )
}

try {
  await main()
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`${message.includes('No se copió') || message.startsWith('Uso:') ? message : `No se copió nada: ${message}`}\n`)
  process.exitCode = 2
}
