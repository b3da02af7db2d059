import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { todayInColombia } from '../../forms/normalize.ts'
import { migrate } from './migrations.ts'

/** The three kinds of filing kept in `radicaciones`. */
export type FilingKind = 'pqrs' | 'cita' | 'historia'

/**
 * Filing number (radicado): `<SERIE>-<AAAA>-<NNNNNN>`, e.g. `PQRS-2025-000042`.
 * The series names the channel, the year is the Colombian calendar year of
 * receipt and the sequence restarts at 1 each year per series. It is padded
 * to six digits (and simply grows past 999999).
 */
export const SERIES: Record<FilingKind | 'suscripcion', string> = {
  pqrs: 'PQRS',
  cita: 'CITA',
  historia: 'HC',
  suscripcion: 'SUS',
}

export const DB_FILE = 'radicaciones.sqlite'

export interface AttachmentRecord {
  campo: string
  archivo: string
  nombreOriginal: string
  tipo: string
  tamano: number
  sha256: string
}

export interface FilingRow {
  radicado: string
  tipo: FilingKind
  recibidoEn: string
  datos: Record<string, unknown>
  adjuntos: AttachmentRecord[]
}

export interface PendingFiling {
  kind: FilingKind
  datos: Record<string, unknown>
  attachments?: AttachmentRecord[]
  now?: Date
}

export interface SubscriptionRow {
  radicado: string
  correo: string
  recibidoEn: string
}

export interface SubscribeResult {
  id: string
  nuevo: boolean
}

export function formatRadicado(serie: string, year: number, n: number): string {
  return `${serie}-${year}-${String(n).padStart(6, '0')}`
}

export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): Database.Database {
  const file = path.join(dataDir, DB_FILE)
  if (options.readonly) {
    if (!fs.existsSync(file)) throw new Error(`No existe la base de datos ${file}. ¿Es correcto DATA_DIR?`)
    const db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma('busy_timeout = 5000')
    return db
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const db = new Database(file)
  // WAL lets readers (the export) work while the server writes. With
  // synchronous=FULL every commit is fsync'ed before it returns, so a filing
  // that was answered survives a crash of the process or of the machine.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return db
}

/** All writes and reads of filings. better-sqlite3 is synchronous: a method returns after the commit is on disk. */
export class Store {
  readonly db: Database.Database
  private readonly nextNumber: Database.Statement<[string, number]>
  private readonly insertFiling: Database.Statement<[string, string, string, string]>
  private readonly insertAttachment: Database.Statement<[string, string, string, string, string, number, string]>
  private readonly findSubscription: Database.Statement<[string]>
  private readonly insertSubscription: Database.Statement<[string, string, string, string]>

  constructor(readonly dataDir: string) {
    this.db = openDatabase(dataDir)
    this.nextNumber = this.db.prepare(
      `INSERT INTO consecutivos (serie, anio, ultimo) VALUES (?, ?, 1)
       ON CONFLICT (serie, anio) DO UPDATE SET ultimo = ultimo + 1
       RETURNING ultimo`,
    )
    this.insertFiling = this.db.prepare('INSERT INTO radicaciones (radicado, tipo, recibido_en, datos) VALUES (?, ?, ?, ?)')
    this.insertAttachment = this.db.prepare(
      'INSERT INTO adjuntos (radicado, campo, archivo, nombre_original, tipo, tamano, sha256) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    this.findSubscription = this.db.prepare('SELECT radicado FROM suscripciones WHERE correo_normalizado = ?')
    this.insertSubscription = this.db.prepare('INSERT INTO suscripciones (radicado, correo, correo_normalizado, recibido_en) VALUES (?, ?, ?, ?)')
  }

  private allocate(serie: string, now: Date): string {
    const year = Number(todayInColombia(now).slice(0, 4))
    const row = this.nextNumber.get(serie, year) as { ultimo: number }
    return formatRadicado(serie, year, row.ultimo)
  }

  /** Stores a validated filing and returns its number; the commit is durable when this returns. */
  createFiling(kind: FilingKind, datos: Record<string, unknown>, attachments: AttachmentRecord[] = [], now = new Date()): string {
    return this.createFilings([{ kind, datos, attachments, now }])[0]!
  }

  /** Several filings in one transaction: one durable commit (one fsync) for all of them. */
  createFilings(items: ReadonlyArray<PendingFiling>): string[] {
    return this.db
      .transaction(() =>
        items.map(({ kind, datos, attachments = [], now = new Date() }) => {
          const radicado = this.allocate(SERIES[kind], now)
          this.insertFiling.run(radicado, kind, now.toISOString(), JSON.stringify(datos))
          for (const a of attachments) this.insertAttachment.run(radicado, a.campo, a.archivo, a.nombreOriginal, a.tipo, a.tamano, a.sha256)
          return radicado
        }),
      )
      .immediate()
  }

  private queue: Array<{ item: PendingFiling; resolve: (id: string) => void; reject: (e: unknown) => void }> = []

  /**
   * Group commit: filings that arrive while the event loop is busy are
   * written together at the next turn, in one transaction, and each promise
   * resolves only after that commit is on disk. The durability promise is the
   * same as createFiling's, at a fraction of the fsyncs under load. If the
   * batch fails, each filing is retried on its own, so one bad filing cannot
   * fail the others.
   */
  queueFiling(kind: FilingKind, datos: Record<string, unknown>, attachments: AttachmentRecord[] = [], now = new Date()): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.queue.push({ item: { kind, datos, attachments, now }, resolve, reject }) === 1) setImmediate(() => this.flushQueue())
    })
  }

  private flushQueue(): void {
    const batch = this.queue
    this.queue = []
    try {
      const ids = this.createFilings(batch.map((b) => b.item))
      batch.forEach((b, i) => b.resolve(ids[i]!))
    } catch {
      for (const b of batch) {
        try {
          b.resolve(this.createFilings([b.item])[0]!)
        } catch (e) {
          b.reject(e)
        }
      }
    }
  }

  /** Whether a filing or subscription number was issued and stored. */
  hasRadicado(radicado: string): boolean {
    return (
      this.db.prepare('SELECT 1 FROM radicaciones WHERE radicado = ? UNION ALL SELECT 1 FROM suscripciones WHERE radicado = ? LIMIT 1').get(radicado, radicado) !== undefined
    )
  }

  /** A repeated address (any letter case) is not stored again and answers the first registration's id. */
  subscribe(correo: string, now = new Date()): SubscribeResult {
    const normalized = correo.trim().toLowerCase()
    return this.db
      .transaction((): SubscribeResult => {
        const existing = this.findSubscription.get(normalized) as { radicado: string } | undefined
        if (existing) return { id: existing.radicado, nuevo: false }
        const radicado = this.allocate(SERIES.suscripcion, now)
        this.insertSubscription.run(radicado, correo.trim(), normalized, now.toISOString())
        return { id: radicado, nuevo: true }
      })
      .immediate()
  }

  attachmentFiles(): Set<string> {
    return new Set((this.db.prepare('SELECT archivo FROM adjuntos').all() as Array<{ archivo: string }>).map((r) => r.archivo))
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}

/** Read side, shared by the export command and the tests. */
export function listFilings(db: Database.Database, kind: FilingKind, sinceIso?: string): FilingRow[] {
  const rows = db
    .prepare(
      `SELECT radicado, tipo, recibido_en, datos FROM radicaciones
       WHERE tipo = ? AND recibido_en >= ? ORDER BY numero`,
    )
    .all(kind, sinceIso ?? '') as Array<{ radicado: string; tipo: FilingKind; recibido_en: string; datos: string }>
  const attachments = db.prepare('SELECT campo, archivo, nombre_original, tipo, tamano, sha256 FROM adjuntos WHERE radicado = ?')
  return rows.map((r) => ({
    radicado: r.radicado,
    tipo: r.tipo,
    recibidoEn: r.recibido_en,
    datos: JSON.parse(r.datos) as Record<string, unknown>,
    adjuntos: (
      attachments.all(r.radicado) as Array<{ campo: string; archivo: string; nombre_original: string; tipo: string; tamano: number; sha256: string }>
    ).map((a) => ({ campo: a.campo, archivo: a.archivo, nombreOriginal: a.nombre_original, tipo: a.tipo, tamano: a.tamano, sha256: a.sha256 })),
  }))
}

export function listSubscriptions(db: Database.Database, sinceIso?: string): SubscriptionRow[] {
  return (
    db.prepare('SELECT radicado, correo, recibido_en FROM suscripciones WHERE recibido_en >= ? ORDER BY numero').all(sinceIso ?? '') as Array<{
      radicado: string
      correo: string
      recibido_en: string
    }>
  ).map((r) => ({ radicado: r.radicado, correo: r.correo, recibidoEn: r.recibido_en }))
}
