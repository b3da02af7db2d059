import { timingSafeEqual } from 'node:crypto'
import pg from 'pg'
import { colombiaDay as dayOf } from '../../filings/businessDays.ts'
import { yearInColombia } from '../../manifest/colombiaTime.ts'
import { consentOf, type ConsentColumns, SENSITIVE_CONSENT_SELECT, type SensitiveConsentColumns } from './consent.ts'
import { CHANNEL_SELECT, channelOf, type ChannelColumns } from './channel.ts'
import { checkSchemaVersion, migratePg } from './pgMigrations.ts'
import { OWNER_REFUSED, ownerRole } from './pgRoles.ts'
import { attachmentRecord, isUniqueViolation, type AttachmentDb, type Queryable } from './postgresOffice.ts'
import { PgSharedStore } from './postgresShared.ts'
import { StoreUnreachableError } from './unavailable.ts'
import {
  formatRadicado,
  UnknownKindError,
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

export interface PgStoreOptions {
  /** DATABASE_URL, e.g. `postgres://radicacion:clave@127.0.0.1:5432/radicacion`. */
  url: string
  plan: NumberingPlan
  /** Read-only (the export): every transaction is read-only and nothing is migrated; the schema must exist. */
  readonly?: boolean
  /** Connections this process keeps at most (default 10). */
  maxConnections?: number
  /** The server: refuse a role that owns the tables or is a superuser (see pgRoles.ts). */
  refuseOwner?: boolean
}

/** Whether DATABASE_URL names a PostgreSQL database. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'DATABASE_URL'
  }
}

/**
 * The store on a PostgreSQL server, for deployments with several server
 * processes or machines (see README, «PostgreSQL»). Same guarantees as the
 * SQLite file, kept by the database rather than by one process:
 * - the number comes from a counter row incremented in the filing's own
 *   transaction (INSERT … ON CONFLICT DO UPDATE … RETURNING); the row stays
 *   locked until the commit, so two processes filing in the same series
 *   wait for each other, a rolled-back filing gives its number back, and
 *   the sequence has neither repeats nor gaps;
 * - every connection runs with synchronous_commit=on: COMMIT returns only
 *   once the WAL is flushed to disk, and only then is a number answered;
 * - migrations run at start in one transaction under an advisory lock, so
 *   processes starting together are safe.
 * Attachments stay files under DATA_DIR/adjuntos (uploads.ts): several
 * processes need one shared DATA_DIR.
 */
export class PgFilingStore extends PgSharedStore implements FilingStore {
  readonly engine = 'postgresql'
  readonly #plan: NumberingPlan
  readonly #inFlight = new Set<Promise<unknown>>()

  private constructor(pool: pg.Pool, plan: NumberingPlan) {
    super(pool)
    this.#plan = plan
  }

  /** Connects, then migrates (or, read-only, checks the schema is there and not newer than this program). */
  static async open(options: PgStoreOptions): Promise<PgFilingStore> {
    const readonly = options.readonly ?? false
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 10_000,
      application_name: readonly ? 'radicacion-exportacion' : 'radicacion',
      // Run on every connection the pool opens, before it is handed out (a failure fails the
      // connection): whatever the server's, database's or role's defaults say, a COMMIT returns
      // only once it is on disk.
      onConnect: async (client: pg.ClientBase) => {
        await client.query('SET synchronous_commit = on')
        if (readonly) await client.query('SET default_transaction_read_only = on')
      },
    })
    // A connection that breaks while idle is dropped by the pool; the next query opens another.
    pool.on('error', () => undefined)
    // A connection that breaks while checked out (PostgreSQL stopped, restarted, the network cut) emits
    // 'error' on its client, and pg-pool listens only to idle ones: without a listener of ours that event
    // would end the whole process (issue 23 #2). The query in flight, or the next one, fails with the same
    // error, which the store answers as StoreUnavailableError (503); the broken client is dropped on release.
    pool.on('connect', (client) => {
      client.on('error', () => undefined)
    })
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      await pool.end().catch(() => undefined)
      throw new StoreUnreachableError(`No fue posible conectarse a PostgreSQL (${describeUrl(options.url)}): ${(error as Error).message}`)
    }
    try {
      if (readonly) {
        const [exists] = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows
        if (!exists?.t) throw new Error(`La base de datos ${describeUrl(options.url)} no tiene las tablas de radicación. Inicie el servidor una vez con DATABASE_URL para crearlas.`)
        await checkSchemaVersion(client)
      } else {
        if (options.refuseOwner) {
          const owner = await ownerRole(client)
          if (owner) throw new Error(OWNER_REFUSED(owner))
        }
        await migratePg(client)
      }
    } catch (error) {
      client.release()
      await pool.end().catch(() => undefined)
      throw error
    }
    client.release()
    return new PgFilingStore(pool, options.plan)
  }

  /** The durability setting in force on a connection and the schema versions, for the PostgreSQL-specific test. */
  async durability(): Promise<{ synchronousCommit: string; schemaVersions: number[] }> {
    const client = await this.connect()
    try {
      const sync = (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit
      const versions = (await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)
      return { synchronousCommit: sync, schemaVersions: versions }
    } finally {
      client.release()
    }
  }

  /** The next number of a series and year, inside the caller's transaction (its row stays locked until the commit). */
  async #allocate(db: Queryable, serie: string, now: Date): Promise<string> {
    const year = yearInColombia(now)
    const [row] = await this.rows<{ ultimo: number }>(
      db,
      `INSERT INTO consecutivos (serie, anio, ultimo) VALUES ($1, $2, 1)
       ON CONFLICT (serie, anio) DO UPDATE SET ultimo = consecutivos.ultimo + 1
       RETURNING ultimo`,
      [serie, year],
    )
    return formatRadicado(serie, year, row!.ultimo)
  }

  /** Keeps track of a write, so that close() can wait for it. */
  #track<T>(write: Promise<T>): Promise<T> {
    this.#inFlight.add(write)
    const done = () => this.#inFlight.delete(write)
    write.then(done, done)
    return write
  }

  /**
   * One transaction per filing: a filing that cannot be stored fails alone.
   * PostgreSQL groups the WAL flushes of commits arriving together itself,
   * so no batching is needed here for throughput.
   */
  createFiling(filing: NewFiling): Promise<string> {
    return this.#track(this.#insert({ ...filing, now: filing.now ?? new Date() }))
  }

  async #insert({ kind, datos, attachments = [], now = new Date(), tramite, codigoHash, autorizacion, autorizacionSensibles, canal, registradaPor, recibidaEl, audit }: NewFiling): Promise<string> {
    const serie = Object.hasOwn(this.#plan.series, kind) ? this.#plan.series[kind] : undefined
    if (!serie) throw new UnknownKindError(kind)
    const datosJson = JSON.stringify(datos)
    return this.transaction(
      async (db) => {
        const radicado = await this.#allocate(db, serie, now)
        await this.rows(
          db,
          'INSERT INTO radicaciones (radicado, tipo, recibido_en, datos, codigo_hash, autorizacion_version, autorizacion_en, autorizacion_sensibles_version, autorizacion_sensibles_en, canal, registrada_por, recibida_el) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
          [radicado, kind, now.toISOString(), datosJson, codigoHash ?? null, autorizacion?.version ?? null, autorizacion?.en ?? null, autorizacionSensibles?.version ?? null, autorizacionSensibles?.en ?? null, canal ?? 'web', registradaPor ?? null, recibidaEl ?? null],
        )
        for (const a of attachments) {
          await this.rows(db, 'INSERT INTO adjuntos (radicado, campo, archivo, nombre_original, tipo, tamano, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
            radicado,
            a.campo,
            a.archivo,
            a.nombreOriginal,
            a.tipo,
            a.tamano,
            a.sha256,
          ])
        }
        if (tramite) await this.insertTramite(db, { ...tramite, radicado })
        if (audit) {
          await this.rows(db, 'INSERT INTO auditoria (en, evento, cuenta_id, correo, radicado, detalle, direccion) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
            (audit.now ?? now).toISOString(),
            audit.evento,
            audit.cuentaId ?? null,
            audit.correo ?? null,
            radicado,
            audit.detalle ?? null,
            audit.direccion ?? null,
          ])
        }
        return radicado
      },
      // Whether THIS filing was committed, not merely its number: when the COMMIT was lost, the number went back
      // to the counter and, once the database answered again, may have been given to another filing (issue 23 #2).
      (radicado) => this.#isThisFiling(radicado, now, datosJson, codigoHash),
    )
  }

  subscribe(correo: string, now = new Date(), autorizacion?: ConsentRecord): Promise<SubscribeResult> {
    return this.#track(this.#subscribe(correo, now, autorizacion))
  }

  async #subscribe(correo: string, now: Date, autorizacion?: ConsentRecord): Promise<SubscribeResult> {
    const normalized = correo.trim().toLowerCase()
    const attempt = () =>
      this.transaction(
        async (db): Promise<SubscribeResult> => {
          const [existing] = await this.rows<{ radicado: string }>(db, 'SELECT radicado FROM suscripciones WHERE correo_normalizado = $1', [normalized])
          if (existing) return { id: existing.radicado, nuevo: false }
          if (!this.#plan.subscriptionSeries) throw new UnknownKindError('suscripcion')
          const radicado = await this.#allocate(db, this.#plan.subscriptionSeries, now)
          await this.rows(
            db,
            'INSERT INTO suscripciones (radicado, correo, correo_normalizado, recibido_en, autorizacion_version, autorizacion_en) VALUES ($1, $2, $3, $4, $5, $6)',
            [radicado, correo.trim(), normalized, now.toISOString(), autorizacion?.version ?? null, autorizacion?.en ?? null],
          )
          return { id: radicado, nuevo: true }
        },
        // The address is unique: the number belongs to this registration only if it is stored for this address.
        async (r) => (await this.rows(this.pool, 'SELECT 1 FROM suscripciones WHERE radicado = $1 AND correo_normalizado = $2', [r.id, normalized])).length > 0,
      )
    try {
      return await attempt()
    } catch (error) {
      // The same address registered at the same moment by another process: its transaction won, ours rolled
      // back (number included); asking again finds the first registration.
      if (isUniqueViolation(error, 'suscripciones_correo_normalizado_key')) return attempt()
      throw error
    }
  }

  async codeMatches(radicado: string, codigoHash: string): Promise<boolean> {
    const [row] = await this.rows<{ codigo_hash: string | null }>(this.pool, 'SELECT codigo_hash FROM radicaciones WHERE radicado = $1', [radicado])
    // An unknown number is compared against a stand-in of the same length: the same work as a known one (issue 12).
    const stored = typeof row?.codigo_hash === 'string' ? row.codigo_hash : '0'.repeat(codigoHash.length)
    const same = stored.length === codigoHash.length && timingSafeEqual(Buffer.from(stored), Buffer.from(codigoHash))
    return same && typeof row?.codigo_hash === 'string'
  }

  /** The filing stored under this number is the one with this time of receipt, content and code (`json` keeps its text as given). */
  async #isThisFiling(radicado: string, now: Date, datosJson: string, codigoHash: string | undefined): Promise<boolean> {
    const rows = await this.rows(
      this.pool,
      'SELECT 1 FROM radicaciones WHERE radicado = $1 AND recibido_en = $2 AND datos::text = $3 AND codigo_hash IS NOT DISTINCT FROM $4',
      [radicado, now.toISOString(), datosJson, codigoHash ?? null],
    )
    return rows.length > 0
  }

  async hasRadicado(radicado: string): Promise<boolean> {
    const rows = await this.rows(this.pool, 'SELECT 1 FROM radicaciones WHERE radicado = $1 UNION ALL SELECT 1 FROM suscripciones WHERE radicado = $1 LIMIT 1', [radicado])
    return rows.length > 0
  }

  async listFilings(kind: FilingKind, options: ListOptions = {}): Promise<FilingRow[]> {
    const filings = await this.rows<{ radicado: string; tipo: string; recibido_en: string; datos: Record<string, unknown> } & ConsentColumns & SensitiveConsentColumns & ChannelColumns>(
      this.pool,
      `SELECT radicado, tipo, recibido_en, datos, autorizacion_version, autorizacion_en, ${SENSITIVE_CONSENT_SELECT}, ${CHANNEL_SELECT} FROM radicaciones WHERE tipo = $1 AND recibido_en >= $2 ORDER BY numero`,
      [kind, options.since ?? ''],
    )
    const attachments = await this.rows<AttachmentDb & { radicado: string }>(
      this.pool,
      'SELECT radicado, campo, archivo, nombre_original, tipo, tamano, sha256 FROM adjuntos WHERE radicado = ANY($1) ORDER BY id',
      [filings.map((f) => f.radicado)],
    )
    const byFiling = new Map<string, AttachmentDb[]>()
    for (const a of attachments) byFiling.set(a.radicado, [...(byFiling.get(a.radicado) ?? []), a])
    return filings.map((r) => ({
      radicado: r.radicado,
      kind: r.tipo,
      recibidoEn: r.recibido_en,
      datos: r.datos,
      adjuntos: (byFiling.get(r.radicado) ?? []).map(attachmentRecord),
      ...consentOf(r),
      ...channelOf(r),
    }))
  }

  async listSubscriptions(options: ListOptions = {}): Promise<SubscriptionRow[]> {
    const rows = await this.rows<{ radicado: string; correo: string; recibido_en: string } & ConsentColumns>(
      this.pool,
      'SELECT radicado, correo, recibido_en, autorizacion_version, autorizacion_en FROM suscripciones WHERE recibido_en >= $1 ORDER BY numero',
      [options.since ?? ''],
    )
    return rows.map((r) => ({ radicado: r.radicado, correo: r.correo, recibidoEn: r.recibido_en, ...consentOf(r) }))
  }

  async attachmentFiles(): Promise<Set<string>> {
    const rows = await this.rows<{ archivo: string }>(this.pool, 'SELECT archivo FROM adjuntos UNION ALL SELECT archivo FROM historial WHERE archivo IS NOT NULL')
    return new Set(rows.map((r) => r.archivo))
  }

  async checkWritable(): Promise<void> {
    // A standby (recovery) or a database set read-only accepts connections but refuses every filing.
    const [r] = await this.rows<{ ro: string; recovery: boolean }>(this.pool, "SELECT current_setting('transaction_read_only') AS ro, pg_is_in_recovery() AS recovery")
    if (r?.ro !== 'off' || r.recovery) throw new Error('PostgreSQL solo admite lectura en este momento.')
  }

  async counts(): Promise<StoreCounts> {
    const [r] = await this.rows<StoreCounts>(
      this.pool,
      `SELECT (SELECT COUNT(*) FROM radicaciones)::int AS radicaciones, (SELECT COUNT(*) FROM adjuntos)::int AS adjuntos,
              (SELECT COUNT(*) FROM suscripciones)::int AS suscripciones`,
    )
    return r!
  }

  async reportGroups(query: ReportQuery): Promise<ReportGroup[]> {
    const kinds = Object.entries(query.typeFields)
    // A petition the office registered with an earlier day of receipt belongs to the period of that day.
    const params: unknown[] = [query.desde, query.hasta, dayOf(new Date(query.desde)), dayOf(new Date(query.hasta))]
    const param = (v: unknown) => `$${params.push(v)}`
    // The request type of each kind lives in its own field of datos: one CASE branch per kind (numbers only).
    const typeExpr = kinds.length
      ? `CASE ${kinds.map(([kind, field]) => `WHEN r.tipo = ${param(kind)}::text AND json_typeof(r.datos -> ${param(field)}::text) = 'number' THEN (r.datos ->> ${param(field)}::text)::numeric`).join(' ')} END`
      : 'NULL::numeric'
    const colombiaDay = (col: string) => `to_char((${col})::timestamptz AT TIME ZONE 'UTC' - interval '5 hours', 'YYYY-MM-DD')`
    const did = (accion: string, extra = '') => `EXISTS (SELECT 1 FROM historial h WHERE h.radicado = r.radicado AND h.accion = '${accion}'${extra})`
    const rows = await this.rows<{ kind: string; tipo: string | null; canal: string; recibido: string; desenlace: ReportGroup['desenlace']; respondido: string | null; vence: string | null; negada: boolean; cantidad: number }>(
      this.pool,
      `SELECT r.tipo AS kind, ${typeExpr} AS tipo, r.canal AS canal, COALESCE(r.recibida_el, ${colombiaDay('r.recibido_en')}) AS recibido,
              CASE WHEN ${did('trasladar')} THEN 'trasladada' WHEN ${did('responder')} THEN 'respondida' ELSE 'pendiente' END AS desenlace,
              ${colombiaDay('t.respondida_en')} AS respondido, t.vence AS vence,
              ${did('responder', ' AND h.negada')} AS negada, COUNT(*)::int AS cantidad
       FROM radicaciones r LEFT JOIN tramites t ON t.radicado = r.radicado
       WHERE (r.recibida_el IS NULL AND r.recibido_en >= $1 AND r.recibido_en < $2) OR (r.recibida_el >= $3 AND r.recibida_el < $4)
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
       ORDER BY 1, 2, 3, 4`,
      params,
    )
    return rows.map((r) => ({
      kind: r.kind,
      tipo: r.tipo === null ? null : Number(r.tipo),
      canal: r.canal,
      recibido: r.recibido,
      desenlace: r.desenlace,
      respondido: r.desenlace === 'pendiente' ? null : r.respondido,
      vence: r.vence,
      negada: r.negada,
      cantidad: r.cantidad,
    }))
  }

  #closed: Promise<void> | undefined

  /** Waits for the filings and subscriptions under way, then closes the connections. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      await Promise.allSettled([...this.#inFlight])
      await this.pool.end()
    })()
    return this.#closed
  }
}
