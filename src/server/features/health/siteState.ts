/**
 * What one site's health and gauges are read from, and the reading itself: the release served, whether the store
 * takes a write, free disk, the last backup, open and overdue filings. A site's own server reads its sources (index.ts);
 * a platform's front reads every site's with the same functions, from the site's server when it is in memory and
 * from its folders and store otherwise, so a scrape starts no site (docs/decisions/operations.md, «A platform's
 * health and metrics start no site»).
 */
import fs from 'node:fs'
import { colombiaDay } from '../../../filings/businessDays.ts'
import { isOpen, isOverdue } from '../../../filings/termStatus.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { Lookups } from '../../../manifest/types.generated.ts'
import type { FilingStore } from '../../store/store.ts'
import { tramiteOf } from '../office/index.ts'
import { type BackupStatus, type MailStatus, readBackupStatus } from './status.ts'

/** What the health reads of a store: a site not in memory may give a stand-in (platform's siteHealthSources.ts). */
export type HealthStore = Pick<FilingStore, 'checkWritable' | 'listTramites' | 'listFilings'>

/** One site's sources. */
export interface HealthSources {
  dataDir: string
  /** The store's engine, as /salud/detalle names it (`sqlite`, `postgresql`). */
  engine: string
  /** The site's store; may open it (a site not in memory), so it is asked only by what needs it. */
  store(): Promise<HealthStore>
  /** Label of the release served now, or undefined when none is (no page to show). */
  release(): string | undefined
  /** The filing forms (not the newsletter) and the lookups their terms depend on. */
  forms: readonly FilingForm[]
  lookups: Lookups
  /** The server's clock (AppOptions.now): which filings are overdue. */
  now?: () => Date
  version: string
  /** Commit of the code the site runs (its release pointer's, else the program's). */
  code: string | undefined
  /** The last e-mail's outcome: only a site in memory knows it. */
  mail: MailStatus
  minFreeMb: number
}

export interface StoreCheck {
  ok: boolean
  motivo?: string
}

export interface OpenAndOverdue {
  open: number
  overdue: number
}

/** One reading of a site, for /salud/detalle and the gauges. */
export interface SiteState {
  release: string | undefined
  engine: string
  store: StoreCheck
  freeBytes: number | undefined
  backup: BackupStatus | undefined
  /** Per form id; undefined when the store could not be read (base_datos_disponible says why). */
  filings: Map<string, OpenAndOverdue> | undefined
}

const STORE_REASONS: Record<string, string> = {
  StoreUnavailableError: 'el almacenamiento de radicaciones no está disponible',
  StoreBusyError: 'la base de datos está bloqueada por otro proceso',
}

/** Free space of the file system holding `dir`, in bytes (undefined where the system cannot say). */
export function freeBytes(dir: string): number | undefined {
  try {
    const s = fs.statfsSync(dir)
    return s.bavail * s.bsize
  } catch {
    return undefined
  }
}

/** Whether the store takes a write now; `onError` counts the failure by kind (almacenamiento_errores_total). */
export async function checkStore(src: HealthSources, onError: (kind: string) => void): Promise<StoreCheck> {
  try {
    await (await src.store()).checkWritable()
    return { ok: true }
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error'
    onError(name)
    // A fixed Spanish reason: a driver's message may name the database server or a file path.
    return { ok: false, motivo: STORE_REASONS[name] ?? 'no se puede escribir en el almacenamiento de radicaciones' }
  }
}

/**
 * Open and overdue filings per form id on `today` (a Colombian day): the gauges and the platform's overview
 * (platformOverview.ts) both count with this, so the two never disagree on what is overdue.
 */
export async function countOpenAndOverdue(
  store: HealthStore,
  forms: readonly FilingForm[],
  lookups: Lookups,
  today: string,
): Promise<Map<string, OpenAndOverdue>> {
  const stored = new Map((await store.listTramites()).map(t => [t.radicado, t]))
  const counts = new Map<string, OpenAndOverdue>()
  for (const f of forms) {
    const c = { open: 0, overdue: 0 }
    for (const filing of await store.listFilings(f.kind)) {
      const t = tramiteOf(filing, f.form, lookups, stored.get(filing.radicado))
      if (isOpen(t.estado)) c.open++
      // The one «vencida» rule, as the inbox and the filing's page read it.
      if (isOverdue(t, today)) c.overdue++
    }
    counts.set(f.form.id, c)
  }
  return counts
}

/** The site's state now; the filings are counted only when `withFilings` (the gauges; /salud/detalle needs none). */
export async function readSiteState(src: HealthSources, onStoreError: (kind: string) => void, withFilings: boolean): Promise<SiteState> {
  const store = await checkStore(src, onStoreError)
  const today = colombiaDay((src.now ?? (() => new Date()))())
  const filings = withFilings
    ? await src
        .store()
        .then(s => countOpenAndOverdue(s, src.forms, src.lookups, today))
        .catch(() => undefined)
    : undefined
  return { release: src.release(), engine: src.engine, store, freeBytes: freeBytes(src.dataDir), backup: readBackupStatus(src.dataDir), filings }
}
