/**
 * `npm run -s restaurar -- <archivo>`: puts a backup back into the configured store (DATA_DIR, or the
 * PostgreSQL database of DATABASE_URL, which must then name the role that owns the tables). Refused while
 * a server uses DATA_DIR; never mixes old and new files (see features/backup/restore.ts).
 * Exit code 0: restored; 2: nothing was changed.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { KEY_OPTIONS, keyFromOptions } from './features/backup/keyOption.ts'
import { readCommandLine } from '../cli/commandLine.ts'
import { type PointerOutcome, restoreBackup } from './features/backup/restore.ts'
import { releasesDirFromEnv } from './releases.ts'
import { refuseRootForOtherAccount } from './serviceAccount.ts'
import { chooseSite } from './siteOption.ts'

/** What happened to the release pointer, told as it is (a backup without one never «restores» it). */
const POINTER_OUTCOME: Record<PointerOutcome, (release: string) => string> = {
  restored: release => `Publicación servida: ${release} (la del respaldo).`,
  'none-in-backup': () => 'El respaldo no registra ninguna publicación: se sigue sirviendo la actual.',
  'not-on-disk': release => `La publicación ${release} del respaldo no está entre las publicaciones de este equipo: se sigue sirviendo la actual.`,
}

export async function runRestoreCommand(argv: string[], envOfCommand: NodeJS.ProcessEnv = process.env): Promise<void> {
  // On a platform, `--sitio <id>`: that site's data folder and publications.
  const { args, env, siteId } = chooseSite(argv, envOfCommand)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  refuseRootForOtherAccount(dataDir, `npm run -s restaurar -- ${argv.join(' ')}`)
  // A backup of another installation (or restored on a new machine): the key it was made with, from a file.
  const usage = 'Uso: npm run -s restaurar -- <archivo de respaldo> [--clave <archivo de clave>] [--identidad <archivo de identidad age>] [--sitio <id>]'
  const { values, positionals } = readCommandLine(args, KEY_OPTIONS, usage)
  if (positionals.length !== 1) throw new Error(usage)
  const { key, identity } = keyFromOptions(values, dataDir)
  const archive = positionals[0]!
  const databaseUrl = env.DATABASE_URL || undefined
  const result = await restoreBackup(archive, { dataDir, databaseUrl, releasesDir: releasesDirFromEnv(env), siteId, key, identity })
  const m = result.manifest
  const out = (line: string) => process.stdout.write(`${line}\n`)
  out(
    `Respaldo del ${m.creado} restaurado: ${m.tablas.radicaciones ?? 0} radicaciones, ${m.adjuntos} adjuntos, ${m.tablas.cuentas ?? 0} cuentas, ${m.tablas.auditoria ?? 0} registros de auditoría.`,
  )
  if (result.aside)
    out(`Los datos que había antes quedaron aparte en ${result.aside}: bórrelos cuando haya comprobado la restauración (contienen datos personales).`)
  if (result.databaseAside)
    out(
      databaseUrl
        ? `La base de datos como estaba antes de restaurar quedó copiada (pg_dump) en ${result.databaseAside}.`
        : `La base de datos como estaba antes de restaurar quedó en ${result.databaseAside}.`,
    )
  out('Los consecutivos de radicado no retroceden: cada serie sigue después del mayor número ya entregado (el del respaldo o el de antes).')
  if (result.dropped.length === 0) out('Ninguna radicación quedó fuera: todas las que había están en el respaldo.')
  else
    out(
      `${result.dropped.length} radicación(es) recibidas después del respaldo no están en lo restaurado: ${result.dropped.join(', ')}. ` +
        `Sus datos y adjuntos están en ${result.droppedList}: regístrelas de nuevo en la oficina (reciben un número nuevo; avise a cada ciudadano) y luego borre la carpeta (contiene datos personales).`,
    )
  out(POINTER_OUTCOME[result.pointer](m.publicacion ?? ''))
  if (databaseUrl && siteId) out(`PostgreSQL: se reemplazaron solo las filas del sitio «${siteId}»; los demás sitios no cambiaron.`)
  else if (databaseUrl) out('PostgreSQL: dé de nuevo los permisos a la cuenta del servidor: npm run -s bd:preparar -- <cuenta del servidor>')
  out('Inicie el servicio de nuevo.')
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await runRestoreCommand(process.argv.slice(2))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`${message.startsWith('No se restauró') ? message : `No se restauró nada: ${message}`}\n`)
    process.exitCode = 2
  }
}
