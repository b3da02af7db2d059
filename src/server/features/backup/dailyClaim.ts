/**
 * One daily backup per site and day across every node that shares the PostgreSQL database (docs/decisions/platform.md,
 * «One daily backup per site and day»). Each node has its own disk, so a lock file cannot tell them apart: the first
 * node whose timer fires inserts the site's row for the Colombian day into `respaldos_diarios` (platformTables.ts),
 * whose primary key (sitio, dia) refuses the others' rows; they skip. The row then names the node that holds the
 * archive and records the outcome, which the operator's overview reads whichever node it runs on.
 */
import os from 'node:os'
import type { BackupStatus } from '../health/index.ts'
import { withSiteClient } from '../../store/siteRows.ts'
import { DEFAULT_SITE } from '../../store/siteTenancy.ts'

/** The node a claim names: its host name (the machine whose RESPALDO_DESTINO holds the archive). */
export function nodeName(): string {
  return os.hostname()
}

/**
 * True when this node took the site's day; false when another node already had (its row is there). With
 * `takeOverUnfinished` (a backup job's retry, jobs/backupJobs.ts), a row without an outcome is taken over too.
 */
export async function claimDay(databaseUrl: string, site: string | undefined, day: string, at: Date, takeOverUnfinished = false): Promise<boolean> {
  return withSiteClient(databaseUrl, site ?? DEFAULT_SITE, async client => {
    const inserted = await client.query(
      takeOverUnfinished
        ? `INSERT INTO respaldos_diarios (dia, nodo, reclamado_en) VALUES ($1, $2, $3)
             ON CONFLICT (sitio, dia) DO UPDATE SET nodo = EXCLUDED.nodo, reclamado_en = EXCLUDED.reclamado_en WHERE respaldos_diarios.fin IS NULL`
        : 'INSERT INTO respaldos_diarios (dia, nodo, reclamado_en) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [day, nodeName(), at.toISOString()],
    )
    return inserted.rowCount === 1
  })
}

/** The outcome of the claimed day's backup, on its row. */
export async function recordDay(databaseUrl: string, site: string | undefined, day: string, status: BackupStatus): Promise<void> {
  await withSiteClient(databaseUrl, site ?? DEFAULT_SITE, client =>
    client.query('UPDATE respaldos_diarios SET fin = $2, ok = $3, verificado = $4, archivo = $5, error = $6 WHERE dia = $1', [
      day,
      status.fin,
      status.ok,
      status.verificado,
      status.archivo ?? null,
      status.error ?? null,
    ]),
  )
}

/** The site's last finished daily backup as recorded in the database, with the node that holds it; undefined when none. */
export async function lastDailyRecord(databaseUrl: string, site: string): Promise<(BackupStatus & { nodo: string }) | undefined> {
  return withSiteClient(databaseUrl, site, async client => {
    const { rows } = await client.query<{ fin: string; ok: boolean; verificado: boolean | null; archivo: string | null; error: string | null; nodo: string }>(
      'SELECT fin, ok, verificado, archivo, error, nodo FROM respaldos_diarios WHERE fin IS NOT NULL ORDER BY fin COLLATE "C" DESC LIMIT 1',
    )
    const row = rows[0]
    if (!row) return undefined
    return {
      fin: row.fin,
      ok: row.ok,
      verificado: row.verificado === true,
      nodo: row.nodo,
      ...(row.archivo !== null && { archivo: row.archivo }),
      ...(row.error !== null && { error: row.error }),
    }
  })
}
