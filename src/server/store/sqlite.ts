import { timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { colombiaDay } from '../../filings/businessDays.ts'
import { yearInColombia } from '../../manifest/colombiaTime.ts'
import { migrate } from './migrations.ts'
import { consentOf, type ConsentColumns, SENSITIVE_CONSENT_SELECT, type SensitiveConsentColumns } from './consent.ts'
import { CHANNEL_SELECT, channelOf, type ChannelColumns } from './channel.ts'
import { SqliteOfficeStore } from './sqliteOffice.ts'
import { SqliteSharedStore } from './sqliteShared.ts'
import {
  formatRadicado,
  UnknownKindError,
  type AttachmentRecord,
  type ConsentRecord,
  type FilingKind,
  type FilingRow,
  type FilingStore,
  type ListOptions,
  type NewFiling,
  type NumberingPlan,
  type ReportGroup,
  type ReportQuery,
  type StoreCounts,
  type SubscribeResult,
  type SubscriptionRow,
} from './store.ts'

export const DB_FILE = 'radicaciones.sqlite'

export interface SqliteStoreOptions {
  /** Folder of the database file (DATA_DIR). */
  dataDir: string
  plan: NumberingPlan
  /** Read-only (the export): the file must exist; nothing is created or migrated. */
  readonly?: boolean
  /** Longest wait of a filing for a foreign lock (default BUSY_GIVE_UP_MS; tests shorten it). Office calls wait at most OFFICE_BUSY_GIVE_UP_MS, or this if shorter. */
  busyGiveUpMs?: number
}

/**
 * How long one write may wait, synchronously, for a lock held by another
 * process. better-sqlite3 waits on the event loop's thread: with the former
 * 5 s every page and API answer froze while another process wrote (issue 13
 * #3). A write that still finds the lock is retried asynchronously
 * (BUSY_RETRY_MS apart, for at most BUSY_GIVE_UP_MS), so the site keeps
 * answering meanwhile.
 */
export const BUSY_TIMEOUT_MS = 20
export const BUSY_RETRY_MS = 50
/**
 * A filing waits at most this long for a foreign lock (a backup tool, an
 * admin's `sqlite3` holding a transaction), then fails with StoreBusyError
 * (503 in Spanish) and is not stored: its outcome is decided once (issue 23
 * #4). Kept under the 30 s that clients and proxies commonly wait for an
 * answer, so the citizen hears the outcome.
 */
export const BUSY_GIVE_UP_MS = 20_000
/** Office calls and reads wait less: staff get the 503 soon and try again; nothing of theirs is half-done. */
export const OFFICE_BUSY_GIVE_UP_MS = 3_000
/** How long the health probe waits for a lock held by another process before it reports the store as not writable. */
const CHECK_GIVE_UP_MS = 2_000

/** The store cannot be used: its file is damaged (or not a database). The server keeps serving the site and refuses filings. */
export class StoreCorruptedError extends Error {
  constructor(readonly file: string, detail: string) {
    super(`La base de datos ${file} está dañada (${detail}). Restaure la última copia de seguridad de DATA_DIR (vea «Copias de seguridad» en el README).`)
    this.name = 'StoreCorruptedError'
  }
}

/** A write that kept finding the database locked by another process for BUSY_GIVE_UP_MS. */
export class StoreBusyError extends Error {
  constructor() {
    super('La base de datos está bloqueada por otro proceso.')
    this.name = 'StoreBusyError'
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
}

function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
}

/** Personal data: the folder is the service's alone (0700) and so are the database files (0600). No effect on Windows, where the folder's ACL applies. */
function restrictModes(dataDir: string, file: string): void {
  try {
    fs.chmodSync(dataDir, 0o700)
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600)
  } catch {
    // A file system without POSIX modes.
  }
}

function openDatabase(dataDir: string, readonly: boolean): Database.Database {
  const file = path.join(dataDir, DB_FILE)
  if (readonly) {
    if (!fs.existsSync(file)) throw new Error(`No existe la base de datos ${file}. ¿Es correcto DATA_DIR?`)
    const db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma('busy_timeout = 5000')
    return db
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  // Created 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database file's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  restrictModes(dataDir, file)
  let db: Database.Database | undefined
  try {
    db = new Database(file)
    // WAL lets readers (the export) work while the server writes. With
    // synchronous=FULL every commit is fsync'ed before it returns, so a filing
    // that was answered survives a crash of the process or of the machine.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    // Integrity at start (issue 13 #16): a damaged file must not answer 500 to every filing.
    const check = db.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new StoreCorruptedError(file, String(check))
    migrate(db)
  } catch (error) {
    db?.close()
    if (error instanceof StoreCorruptedError) throw error
    if (isCorruption(error)) throw new StoreCorruptedError(file, (error as Error).message)
    throw error
  }
  restrictModes(dataDir, file)
  return db
}

interface Queued {
  item: NewFiling
  resolve: (id: string) => void
  reject: (e: unknown) => void
}

/**
 * The embedded default: one SQLite file in DATA_DIR. better-sqlite3 is
 * synchronous, so a commit is on disk when the call returns; the methods are
 * asynchronous only to honour the interface.
 */
export class SqliteFilingStore extends SqliteSharedStore implements FilingStore {
  readonly engine = 'sqlite'
  readonly #db: Database.Database
  readonly #plan: NumberingPlan
  readonly #giveUpMs: number
  #queue: Queued[] = []
  #flushing: Promise<void> | undefined

  constructor(options: SqliteStoreOptions) {
    const db = openDatabase(options.dataDir, options.readonly ?? false)
    // The office's tables and the shared state live in the same file (sqliteOffice.ts, sqliteShared.ts).
    super(db)
    this.#db = db
    this.#plan = options.plan
    this.#giveUpMs = options.busyGiveUpMs ?? BUSY_GIVE_UP_MS
    this.#retryCallsWhileBusy(Math.min(OFFICE_BUSY_GIVE_UP_MS, this.#giveUpMs))
  }

  /**
   * Every other call (the office's, the reads) meets a foreign lock too: its
   * SQLITE_BUSY answered 500 to every office request for the whole lock
   * (issue 23 #4). Each asynchronous method of the store is wrapped here,
   * once, so the methods other work adds are covered as well: retried while
   * busy, then StoreBusyError (503 in Spanish). A retry is safe because
   * better-sqlite3 rolls a failed transaction back before it throws.
   * Filings and subscriptions keep their own longer wait (#whenFree); a
   * request count does not wait at all (rateLimitStore.ts counts in memory
   * while the lock lasts).
   */
  #retryCallsWhileBusy(giveUpMs: number): void {
    const own = new Set(['constructor', 'createFiling', 'subscribe', 'close', 'countRequest', 'checkWritable'])
    const self = this as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (let proto = Object.getPrototypeOf(this) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        const method = (proto as Record<string, unknown>)[name]
        if (own.has(name) || Object.hasOwn(self, name) || typeof method !== 'function' || method.constructor.name !== 'AsyncFunction') continue
        const call = method as (...args: unknown[]) => Promise<unknown>
        self[name] = (...args: unknown[]) => this.#whenFree(() => call.apply(this, args), giveUpMs)
      }
    }
    const count = SqliteSharedStore.prototype.countRequest
    this.countRequest = (...args) => this.#whenFree(() => count.apply(this, args), 0)
  }

  /** The durability settings in force (journal mode, synchronous level), for the SQLite-specific test. */
  durability(): { journalMode: unknown; synchronous: unknown; schemaVersions: number[] } {
    return {
      journalMode: this.#db.pragma('journal_mode', { simple: true }),
      synchronous: this.#db.pragma('synchronous', { simple: true }),
      schemaVersions: (this.#db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map((v) => v.version),
    }
  }

  #allocate(serie: string, now: Date): string {
    const year = yearInColombia(now)
    // Only ever incremented, in the same transaction as the filing: a number is never reused.
    const row = this.statement(
      `INSERT INTO consecutivos (serie, anio, ultimo) VALUES (?, ?, 1)
       ON CONFLICT (serie, anio) DO UPDATE SET ultimo = ultimo + 1
       RETURNING ultimo`,
    ).get(serie, year) as { ultimo: number }
    return formatRadicado(serie, year, row.ultimo)
  }

  /** Several filings in one transaction: one durable commit (one fsync) for all of them. */
  #insertAll(items: ReadonlyArray<NewFiling>): string[] {
    const insertFiling = this.statement(
      'INSERT INTO radicaciones (radicado, tipo, recibido_en, datos, codigo_hash, autorizacion_version, autorizacion_en, autorizacion_sensibles_version, autorizacion_sensibles_en, canal, registrada_por, recibida_el) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    const insertAudit = this.statement('INSERT INTO auditoria (en, evento, cuenta_id, correo, radicado, detalle, direccion) VALUES (?, ?, ?, ?, ?, ?, ?)')
    const insertAttachment = this.statement(
      'INSERT INTO adjuntos (radicado, campo, archivo, nombre_original, tipo, tamano, sha256) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    return this.#db
      .transaction(() =>
        items.map(({ kind, datos, attachments = [], now = new Date(), tramite, codigoHash, autorizacion, autorizacionSensibles, canal, registradaPor, recibidaEl, audit }) => {
          const serie = Object.hasOwn(this.#plan.series, kind) ? this.#plan.series[kind] : undefined
          if (!serie) throw new UnknownKindError(kind)
          const radicado = this.#allocate(serie, now)
          insertFiling.run(radicado, kind, now.toISOString(), JSON.stringify(datos), codigoHash ?? null, autorizacion?.version ?? null, autorizacion?.en ?? null, autorizacionSensibles?.version ?? null, autorizacionSensibles?.en ?? null, canal ?? 'web', registradaPor ?? null, recibidaEl ?? null)
          for (const a of attachments) insertAttachment.run(radicado, a.campo, a.archivo, a.nombreOriginal, a.tipo, a.tamano, a.sha256)
          if (tramite) this.insertTramite({ ...tramite, radicado })
          if (audit) insertAudit.run((audit.now ?? now).toISOString(), audit.evento, audit.cuentaId ?? null, audit.correo ?? null, radicado, audit.detalle ?? null, audit.direccion ?? null)
          return radicado
        }),
      )
      .immediate()
  }

  /**
   * Group commit: filings that arrive while the event loop is busy are
   * written together at the next turn, in one transaction, and each promise
   * resolves only after that commit is on disk. If the batch fails, each
   * filing is retried on its own, so one bad filing cannot fail the others.
   */
  createFiling(filing: NewFiling): Promise<string> {
    return new Promise((resolve, reject) => {
      const item = { ...filing, now: filing.now ?? new Date() }
      if (this.#queue.push({ item, resolve, reject }) === 1) {
        this.#flushing = new Promise((done) => setImmediate(() => void this.#flush().then(done)))
      }
    })
  }

  async #flush(): Promise<void> {
    const batch = this.#queue
    this.#queue = []
    try {
      const ids = await this.#whenFree(() => this.#insertAll(batch.map((b) => b.item)))
      batch.forEach((b, i) => b.resolve(ids[i]!))
    } catch (error) {
      // Locked for the whole wait: every filing of the batch is refused now and never stored later. Retrying
      // each one for another wait stored filings whose citizens had already been told to send again (issue 23 #4).
      if (error instanceof StoreBusyError) {
        for (const b of batch) b.reject(error)
        return
      }
      for (const b of batch) {
        try {
          b.resolve((await this.#whenFree(() => this.#insertAll([b.item])))[0]!)
        } catch (e) {
          b.reject(e)
        }
      }
    }
  }

  /**
   * Runs a write; while another process holds the lock it is retried
   * asynchronously (the event loop stays free: pages and reads keep
   * answering), and given up after BUSY_GIVE_UP_MS with StoreBusyError.
   */
  async #whenFree<T>(write: () => T | Promise<T>, giveUpMs = this.#giveUpMs): Promise<T> {
    const started = Date.now()
    for (;;) {
      try {
        return await write()
      } catch (error) {
        if (!isBusy(error)) throw error
        if (Date.now() - started >= giveUpMs) throw new StoreBusyError()
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS))
      }
    }
  }

  async subscribe(correo: string, now = new Date(), autorizacion?: ConsentRecord): Promise<SubscribeResult> {
    const normalized = correo.trim().toLowerCase()
    return this.#whenFree(() => this.#db
      .transaction((): SubscribeResult => {
        const existing = this.#db.prepare('SELECT radicado FROM suscripciones WHERE correo_normalizado = ?').get(normalized) as { radicado: string } | undefined
        if (existing) return { id: existing.radicado, nuevo: false }
        if (!this.#plan.subscriptionSeries) throw new UnknownKindError('suscripcion')
        const radicado = this.#allocate(this.#plan.subscriptionSeries, now)
        this.#db
          .prepare('INSERT INTO suscripciones (radicado, correo, correo_normalizado, recibido_en, autorizacion_version, autorizacion_en) VALUES (?, ?, ?, ?, ?, ?)')
          .run(radicado, correo.trim(), normalized, now.toISOString(), autorizacion?.version ?? null, autorizacion?.en ?? null)
        return { id: radicado, nuevo: true }
      })
      .immediate())
  }

  async codeMatches(radicado: string, codigoHash: string): Promise<boolean> {
    const row = this.#db.prepare('SELECT codigo_hash FROM radicaciones WHERE radicado = ?').get(radicado) as { codigo_hash: string | null } | undefined
    // An unknown number is compared against a stand-in of the same length: the same work as a known one (issue 12).
    const stored = typeof row?.codigo_hash === 'string' ? row.codigo_hash : '0'.repeat(codigoHash.length)
    const same = stored.length === codigoHash.length && timingSafeEqual(Buffer.from(stored), Buffer.from(codigoHash))
    return same && typeof row?.codigo_hash === 'string'
  }

  async hasRadicado(radicado: string): Promise<boolean> {
    return (
      this.#db.prepare('SELECT 1 FROM radicaciones WHERE radicado = ? UNION ALL SELECT 1 FROM suscripciones WHERE radicado = ? LIMIT 1').get(radicado, radicado) !==
      undefined
    )
  }

  async listFilings(kind: FilingKind, options: ListOptions = {}): Promise<FilingRow[]> {
    const rows = this.#db
      .prepare(`SELECT radicado, tipo, recibido_en, datos, autorizacion_version, autorizacion_en, ${SENSITIVE_CONSENT_SELECT}, ${CHANNEL_SELECT} FROM radicaciones WHERE tipo = ? AND recibido_en >= ? ORDER BY numero`)
      .all(kind, options.since ?? '') as Array<{ radicado: string; tipo: string; recibido_en: string; datos: string } & ConsentColumns & SensitiveConsentColumns & ChannelColumns>
    const attachments = this.#db.prepare('SELECT campo, archivo, nombre_original, tipo, tamano, sha256 FROM adjuntos WHERE radicado = ? ORDER BY rowid')
    return rows.map((r) => ({
      radicado: r.radicado,
      kind: r.tipo,
      recibidoEn: r.recibido_en,
      datos: JSON.parse(r.datos) as Record<string, unknown>,
      adjuntos: (
        attachments.all(r.radicado) as Array<{ campo: string; archivo: string; nombre_original: string; tipo: string; tamano: number; sha256: string }>
      ).map((a): AttachmentRecord => ({ campo: a.campo, archivo: a.archivo, nombreOriginal: a.nombre_original, tipo: a.tipo, tamano: a.tamano, sha256: a.sha256 })),
      ...consentOf(r),
      ...channelOf(r),
    }))
  }

  async listSubscriptions(options: ListOptions = {}): Promise<SubscriptionRow[]> {
    return (
      this.#db
        .prepare('SELECT radicado, correo, recibido_en, autorizacion_version, autorizacion_en FROM suscripciones WHERE recibido_en >= ? ORDER BY numero')
        .all(options.since ?? '') as Array<{ radicado: string; correo: string; recibido_en: string } & ConsentColumns>
    ).map((r) => ({ radicado: r.radicado, correo: r.correo, recibidoEn: r.recibido_en, ...consentOf(r) }))
  }

  async attachmentFiles(): Promise<Set<string>> {
    const rows = this.#db.prepare('SELECT archivo FROM adjuntos UNION ALL SELECT archivo FROM historial WHERE archivo IS NOT NULL').all() as Array<{ archivo: string }>
    return new Set(rows.map((r) => r.archivo))
  }

  async counts(): Promise<StoreCounts> {
    const n = (table: string) => (this.#db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
    return { radicaciones: n('radicaciones'), adjuntos: n('adjuntos'), suscripciones: n('suscripciones') }
  }

  async reportGroups(query: ReportQuery): Promise<ReportGroup[]> {
    const kinds = Object.entries(query.typeFields)
    // The request type of each kind lives in its own field of datos: one CASE branch per kind.
    const typeExpr = kinds.length ? `CASE r.tipo ${kinds.map(() => 'WHEN ? THEN json_extract(r.datos, ?)').join(' ')} ELSE NULL END` : 'NULL'
    const typeParams = kinds.flatMap(([kind, field]) => [kind, `$."${field.replace(/"/g, '')}"`])
    const did = (accion: string, extra = '') => `EXISTS (SELECT 1 FROM historial h WHERE h.radicado = r.radicado AND h.accion = '${accion}'${extra})`
    const rows = this.#db
      .prepare(
        `SELECT r.tipo AS kind, ${typeExpr} AS tipo, r.canal AS canal, COALESCE(r.recibida_el, date(r.recibido_en, '-5 hours')) AS recibido,
                CASE WHEN ${did('trasladar')} THEN 'trasladada' WHEN ${did('responder')} THEN 'respondida' ELSE 'pendiente' END AS desenlace,
                date(t.respondida_en, '-5 hours') AS respondido, t.vence AS vence,
                ${did('responder', ' AND h.negada = 1')} AS negada, COUNT(*) AS cantidad
         FROM radicaciones r LEFT JOIN tramites t ON t.radicado = r.radicado
         WHERE (r.recibida_el IS NULL AND r.recibido_en >= ? AND r.recibido_en < ?) OR (r.recibida_el >= ? AND r.recibida_el < ?)
         GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
         ORDER BY 1, 2, 3, 4`,
      )
      // A petition the office registered with an earlier day of receipt belongs to the period of that day.
      .all(...typeParams, query.desde, query.hasta, colombiaDay(new Date(query.desde)), colombiaDay(new Date(query.hasta))) as Array<{ kind: string; tipo: unknown; canal: string; recibido: string; desenlace: ReportGroup['desenlace']; respondido: string | null; vence: string | null; negada: number; cantidad: number }>
    return rows.map((r) => ({
      kind: r.kind,
      tipo: typeof r.tipo === 'number' ? r.tipo : null,
      canal: r.canal,
      recibido: r.recibido,
      desenlace: r.desenlace,
      respondido: r.desenlace === 'pendiente' ? null : r.respondido,
      vence: r.vence,
      negada: r.negada === 1,
      cantidad: r.cantidad,
    }))
  }

  async checkWritable(): Promise<void> {
    // Taking the write lock (and releasing it at once) is what a filing's commit needs first; a lock held by
    // another process is waited for asynchronously, as a filing would, but only briefly: a probe must answer fast.
    const started = Date.now()
    for (;;) {
      try {
        this.#db.exec('BEGIN IMMEDIATE')
        this.#db.exec('ROLLBACK')
        return
      } catch (error) {
        if (!isBusy(error) || Date.now() - started > CHECK_GIVE_UP_MS) throw isBusy(error) ? new StoreBusyError() : error
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS))
      }
    }
  }

  async close(): Promise<void> {
    await this.#flushing
    if (this.#db.open) this.#db.close()
  }
}
