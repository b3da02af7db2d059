/**
 * `npm run -s respaldo [-- --destino <carpeta>]`: one backup archive of everything needed to bring the
 * filings back (see features/backup/archive.ts), verified at once; keeps the last RESPALDO_CONSERVAR.
 * `npm run -s respaldo -- --verificar <archivo>`: unpacks an archive into a temporary folder and compares
 * it with its manifest (the monthly restore drill), after checking its MAC with the installation's key
 * (DATA_DIR/respaldo.clave) or the one named by `--clave <archivo>` (features/backup/signature.ts). Same commands on Linux and Windows; no `sqlite3`
 * program needed. Environment: DATA_DIR, DATABASE_URL, PUBLICACIONES_DIR, RESPALDO_DESTINO, RESPALDO_CONSERVAR,
 * RESPALDO_DESTINATARIO_AGE (encrypts the archive with age; `--identidad <archivo>` opens one, features/backup/encryption.ts).
 * Exit code 0: done and verified; 1: the verification found differences; 2: nothing was done (an error).
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { backupDestinationFromEnv } from './config.ts'
import { type BackupResult, createBackup, DEFAULT_KEEP } from './features/backup/archive.ts'
import { type BackupKey, ensureBackupKey } from './features/backup/signature.ts'
import { verifyBackup } from './features/backup/verify.ts'
import { KEY_OPTIONS, keyFromOptions } from './features/backup/keyOption.ts'
import { readCommandLine } from '../cli/commandLine.ts'
import { readBackupStatus, writeBackupStatus } from './features/health/status.ts'
import { releasesDirFromEnv } from './releases.ts'
import { refuseRootForOtherAccount } from './serviceAccount.ts'
import { chooseSite } from './siteOption.ts'
import { programVersion } from './version.ts'

const USAGE =
  'Uso: npm run -s respaldo [-- --destino <carpeta>]   o   npm run -s respaldo -- --verificar <archivo> [--clave <archivo de clave>] [--identidad <archivo de identidad age>]   (en una plataforma, además: --sitio <id>)'

function keepFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_KEEP
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`RESPALDO_CONSERVAR debe ser un número entero mayor que 0 (recibido «${value}»).`)
  return n
}

type Out = (line: string) => void

export async function runBackupCommand(argv: string[], envOfCommand: NodeJS.ProcessEnv = process.env): Promise<number> {
  // On a platform, `--sitio <id>`: that site's data folder, publications, backups and (PostgreSQL) rows.
  const { args, env, siteId } = chooseSite(argv, envOfCommand)
  const out: Out = line => process.stdout.write(`${line}\n`)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  refuseRootForOtherAccount(dataDir, `npm run -s respaldo -- ${argv.join(' ')}`.trim())
  const { values, positionals } = readCommandLine(args, { ...KEY_OPTIONS, verificar: { type: 'string' }, destino: { type: 'string' } }, USAGE)
  if (positionals.length > 0) throw new Error(`Argumento de más: «${positionals.join(' ')}». ${USAGE}`)
  if (values.verificar !== undefined) {
    if (values.destino !== undefined || values.verificar === '') throw new Error(USAGE)
    const { key, identity } = keyFromOptions(values, dataDir)
    return runVerification(path.resolve(values.verificar), dataDir, key, out, identity)
  }
  if (values.clave !== undefined || values.identidad !== undefined) throw new Error(`--clave y --identidad son para --verificar. ${USAGE}`)
  if (values.destino === '') throw new Error(USAGE)
  const destination = values.destino === undefined ? backupDestinationFromEnv(env) : path.resolve(values.destino)
  return runBackup(destination, dataDir, env, out, siteId)
}

/** `--verificar <archivo>`: the restore drill of one archive; 0 when it matches its manifest, 1 when not. */
async function runVerification(archive: string, dataDir: string, key: BackupKey | undefined, out: Out, identity?: string): Promise<number> {
  const check = await verifyBackup(archive, key, undefined, identity)
  // The drill of the newest backup also updates what /salud/detalle says about it.
  const status = readBackupStatus(dataDir)
  if (status?.archivo === path.basename(archive))
    writeBackupStatus(dataDir, {
      ...status,
      verificado: check.ok,
      ...(check.ok ? { error: undefined } : { error: `verificación: ${check.problems.join('; ')}` }),
    })
  if (!check.ok) {
    out(`El respaldo ${path.basename(archive)} NO pasó la verificación:`)
    for (const p of check.problems) out(`  - ${p}`)
    return 1
  }
  const m = check.manifest!
  out(`Respaldo ${path.basename(archive)} verificado: se restauró en una carpeta temporal y coincide con su manifiesto.`)
  out(
    `  Hecho el ${m.creado} (${m.almacenamiento === 'sqlite' ? 'SQLite' : 'PostgreSQL'}), ${m.tablas.radicaciones ?? 0} radicaciones, ${m.adjuntos} adjuntos, ${m.tablas.cuentas ?? 0} cuentas, ${m.tablas.auditoria ?? 0} registros de auditoría.`,
  )
  return 0
}

/** Writes the archive; a failure is recorded for /salud/detalle before it is thrown. */
async function createRecorded(destination: string, dataDir: string, env: NodeJS.ProcessEnv, siteId?: string): Promise<BackupResult> {
  try {
    return await createBackup({
      dataDir,
      databaseUrl: env.DATABASE_URL || undefined,
      siteId,
      releasesDir: releasesDirFromEnv(env),
      destination,
      keep: keepFromEnv(env.RESPALDO_CONSERVAR),
      programVersion: programVersion(),
      recipient: env.RESPALDO_DESTINATARIO_AGE?.trim() || undefined,
      verify: verifyBackup,
    })
  } catch (error) {
    try {
      writeBackupStatus(dataDir, { fin: new Date().toISOString(), ok: false, verificado: false, error: error instanceof Error ? error.message : String(error) })
    } catch {
      // DATA_DIR itself is missing or unwritable: the error below says why the backup failed.
    }
    throw error
  }
}

/** A new backup, verified at once; 0 when verified, 1 when the verification found differences. */
async function runBackup(destination: string, dataDir: string, env: NodeJS.ProcessEnv, out: Out, siteId?: string): Promise<number> {
  const made = await createRecorded(destination, dataDir, env, siteId)
  const check = made.verification ?? (await verifyBackup(made.file, ensureBackupKey(dataDir)))
  writeBackupStatus(dataDir, {
    fin: new Date().toISOString(),
    ok: true,
    verificado: check.ok,
    archivo: path.basename(made.file),
    ...(check.ok ? {} : { error: `verificación: ${check.problems.join('; ')}` }),
  })
  const m = made.manifest
  out(`Respaldo escrito: ${made.file}`)
  out(
    `  ${m.tablas.radicaciones ?? 0} radicaciones, ${m.adjuntos} adjuntos, ${m.tablas.cuentas ?? 0} cuentas, ${m.tablas.auditoria ?? 0} registros de auditoría${m.publicacion ? `, publicación ${m.publicacion}` : ''}.`,
  )
  if (m.adjuntosFaltantes.length > 0) out(`  ATENCIÓN: ${m.adjuntosFaltantes.length} adjunto(s) que la base menciona ya no estaban en DATA_DIR/adjuntos.`)
  for (const r of made.removed) out(`  Respaldo antiguo eliminado (se conservan ${keepFromEnv(env.RESPALDO_CONSERVAR)}): ${r}`)
  if (!check.ok) {
    out('  El respaldo NO pasó la verificación:')
    for (const p of check.problems) out(`  - ${p}`)
    return 1
  }
  out('  Verificado: se restauró en una carpeta temporal y coincide con su manifiesto.')
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = await runBackupCommand(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`No se hizo el respaldo: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 2
  }
}
