/**
 * The operational gauges of /metricas, read when Prometheus scrapes (never on a timer): the last backup (the status
 * file the backup feature writes), free disk, the database, the version, the release served, and the open and overdue
 * filings per form. The alert rules in despliegue/prometheus/ name these series; see docs/decisions/operations.md.
 */
import fs from 'node:fs'
import client from 'prom-client'
import { colombiaDay } from '../../../filings/businessDays.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { Lookups } from '../../../manifest/types.generated.ts'
import type { FilingStore } from '../../store/store.ts'
import { isOpen, isOverdue } from '../../../filings/termStatus.ts'
import { tramiteOf } from '../office/index.ts'
import { readBackupStatus } from './status.ts'

/** What the gauges read at each scrape. */
export interface GaugeSources {
  dataDir: string
  minFreeMb: number
  store: FilingStore
  /** Whether the store takes a write now (the same check as /salud/detalle). */
  storeUp: () => Promise<boolean>
  version: string
  code: string | undefined
  /** The release served now, or undefined when there is none to serve (no page to show). */
  release: () => string | undefined
  /** The filing forms (not the newsletter) and the lookups their terms depend on. */
  forms: readonly FilingForm[]
  lookups: Lookups
  now?: () => Date
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

export interface OpenAndOverdue {
  open: number
  overdue: number
}

/**
 * Open and overdue filings per form id on `today` (a Colombian day): the gauges here and the platform's overview
 * (platformOverview.ts) both count with this, so the two never disagree on what is overdue.
 */
export async function countOpenAndOverdue(
  store: FilingStore,
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

/** Open and overdue filings per form id, today by the server's clock. */
function openAndOverdue(src: GaugeSources): Promise<Map<string, OpenAndOverdue>> {
  return countOpenAndOverdue(src.store, src.forms, src.lookups, colombiaDay((src.now ?? (() => new Date()))()))
}

const bool = (b: boolean) => (b ? 1 : 0)

/** One reading of the filings per scrape: the two gauges below ask within the same second. */
function sharedReading(src: GaugeSources): () => Promise<Map<string, OpenAndOverdue> | undefined> {
  let last: { at: number; reading: Promise<Map<string, OpenAndOverdue> | undefined> } | undefined
  return () => {
    const at = Date.now()
    // A store that cannot be read leaves the series out (base_datos_disponible says why).
    if (!last || at - last.at > 1_000) last = { at, reading: openAndOverdue(src).catch(() => undefined) }
    return last.reading
  }
}

/** Registers the gauges on `registry`; each reads its source when scraped. */
export function registerGauges(registry: client.Registry, src: GaugeSources): void {
  backupGauges([registry], src)
  stateGauges([registry], src)
  filingGauges([registry], src)
}

/** The last backup, from the status file the backup feature writes (another process's `npm run respaldo` too). */
function backupGauges(registers: client.Registry[], src: GaugeSources): void {
  new client.Gauge({
    name: 'respaldo_antiguedad_segundos',
    help: 'Segundos desde el fin del último respaldo (diario o npm run respaldo); +Inf si nunca hubo uno.',
    registers,
    collect() {
      const b = readBackupStatus(src.dataDir)
      const end = b ? Date.parse(b.fin) : Number.NaN
      this.set(Number.isFinite(end) ? Math.max(0, (Date.now() - end) / 1000) : Number.POSITIVE_INFINITY)
    },
  })
  new client.Gauge({
    name: 'respaldo_exitoso',
    help: '1 si el último respaldo produjo su archivo; 0 si falló o si nunca hubo uno.',
    registers,
    collect() {
      this.set(bool(readBackupStatus(src.dataDir)?.ok === true))
    },
  })
  new client.Gauge({
    name: 'respaldo_verificado',
    help: '1 si el último respaldo se restauró aparte y coincidió (conteos y sumas de verificación); 0 si no.',
    registers,
    collect() {
      const b = readBackupStatus(src.dataDir)
      this.set(bool(b?.ok === true && b.verificado))
    },
  })
}

/** Disk, database, version and release. */
function stateGauges(registers: client.Registry[], src: GaugeSources): void {
  new client.Gauge({
    name: 'disco_libre_bytes',
    help: 'Espacio libre del disco de DATA_DIR (radicaciones SQLite y adjuntos).',
    registers,
    collect() {
      const free = freeBytes(src.dataDir)
      if (free !== undefined) this.set(free)
    },
  })
  new client.Gauge({
    name: 'disco_minimo_bytes',
    help: 'SALUD_DISCO_MIN_MB en bytes: por debajo, /salud/detalle responde 503.',
    registers,
    collect() {
      this.set(src.minFreeMb * 1024 * 1024)
    },
  })
  new client.Gauge({
    name: 'base_datos_disponible',
    help: '1 si el almacenamiento de radicaciones acepta una escritura ahora; 0 si no (base detenida, bloqueada, dañada).',
    labelNames: ['motor'],
    registers,
    async collect() {
      this.reset()
      this.set({ motor: src.store.engine }, bool(await src.storeUp()))
    },
  })
  new client.Gauge({
    name: 'sitio_version_info',
    help: 'Versión del programa y commit del código en servicio (siempre 1).',
    labelNames: ['version', 'codigo'],
    registers,
    collect() {
      this.reset()
      this.set({ version: src.version, codigo: src.code ?? '' }, 1)
    },
  })
  new client.Gauge({
    name: 'publicacion_servida',
    help: '1 si el sitio sirve una publicación (etiqueta: cuál); 0 si no hay ninguna que servir.',
    labelNames: ['publicacion'],
    registers,
    collect() {
      this.reset()
      const release = src.release()
      this.set({ publicacion: release ?? '' }, bool(release !== undefined))
    },
  })
}

/** Open and overdue filings per form. */
function filingGauges(registers: client.Registry[], src: GaugeSources): void {
  const reading = sharedReading(src)
  new client.Gauge({
    name: 'radicaciones_abiertas',
    help: 'Radicaciones radicadas o en trámite, por formulario.',
    labelNames: ['formulario'],
    registers,
    async collect() {
      this.reset()
      for (const [formulario, c] of (await reading()) ?? []) this.set({ formulario }, c.open)
    },
  })
  new client.Gauge({
    name: 'radicaciones_vencidas',
    help: 'Radicaciones abiertas con el término vencido (la misma regla que «vencida» en la bandeja de la oficina), por formulario.',
    labelNames: ['formulario'],
    registers,
    async collect() {
      this.reset()
      for (const [formulario, c] of (await reading()) ?? []) this.set({ formulario }, c.overdue)
    },
  })
}
