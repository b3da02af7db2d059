import { timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { colombiaDay } from '../../filings/businessDays.ts'
import { yearInColombia } from '../../manifest/colombiaTime.ts'
import { type Db, type Engine, num, parsed, truth } from './engine.ts'
import { filingColumns, writeAudit, writeEstado } from './officeRecords.ts'
import { attachmentOf, channelOf, consentOf } from './rows.ts'
import {
  type ConsentRecord,
  type FilingKind,
  type FilingRecordsStore,
  type FilingRow,
  formatRadicado,
  type ListOptions,
  type NewFiling,
  type NumberingPlan,
  type ReportGroup,
  type ReportQuery,
  type StoreCounts,
  type SubscribeResult,
  type SubscriptionRow,
  UnknownKindError,
} from './store.ts'

interface Queued {
  item: NewFiling
  resolve: (id: string) => void
  reject: (e: unknown) => void
}

/**
 * Filings and newsletter subscriptions (store.ts), written once for both engines. A number is taken from
 * its counter row in the filing's own transaction (only ever incremented, so never reused; on PostgreSQL the
 * row stays locked until the commit, so processes filing together wait for each other and a rolled-back
 * filing gives its number back); the promise resolves only once the commit is durable.
 */
export class FilingRecords implements FilingRecordsStore {
  readonly #db: Db
  #queue: Queued[] = []
  #flushing: Promise<void> | undefined
  readonly #inFlight = new Set<Promise<unknown>>()

  constructor(
    private readonly engine: Engine,
    private readonly plan: NumberingPlan,
  ) {
    this.#db = engine.db
  }

  /** The next number of a series and year, inside the caller's transaction. */
  async #allocate(tx: Db, serie: string, now: Date): Promise<string> {
    const year = yearInColombia(now)
    const row = await tx
      .insertInto('consecutivos')
      .values({ serie, anio: year, ultimo: 1 })
      .onConflict(oc => oc.columns(['serie', 'anio']).doUpdateSet(eb => ({ ultimo: eb('consecutivos.ultimo', '+', 1) })))
      .returning('ultimo')
      .executeTakeFirstOrThrow()
    return formatRadicado(serie, year, num(row.ultimo))
  }

  /** Several filings in one transaction: one durable commit (one fsync on SQLite) for all of them. */
  #insertAll(items: ReadonlyArray<NewFiling>, confirm?: (ids: string[]) => Promise<boolean>): Promise<string[]> {
    return this.engine.transaction(async tx => {
      const ids: string[] = []
      for (const {
        kind,
        datos,
        attachments = [],
        now = new Date(),
        tramite,
        codigoHash,
        autorizacion,
        autorizacionSensibles,
        canal,
        registradaPor,
        recibidaEl,
        audit,
      } of items) {
        const serie = Object.hasOwn(this.plan.series, kind) ? this.plan.series[kind] : undefined
        if (!serie) throw new UnknownKindError(kind)
        const radicado = await this.#allocate(tx, serie, now)
        await tx
          .insertInto('radicaciones')
          .values({
            radicado,
            tipo: kind,
            recibido_en: now.toISOString(),
            datos: JSON.stringify(datos),
            codigo_hash: codigoHash ?? null,
            autorizacion_version: autorizacion?.version ?? null,
            autorizacion_en: autorizacion?.en ?? null,
            autorizacion_sensibles_version: autorizacionSensibles?.version ?? null,
            autorizacion_sensibles_en: autorizacionSensibles?.en ?? null,
            canal: canal ?? 'web',
            registrada_por: registradaPor ?? null,
            recibida_el: recibidaEl ?? null,
          })
          .execute()
        for (const a of attachments) {
          await tx
            .insertInto('adjuntos')
            .values({ radicado, campo: a.campo, archivo: a.archivo, nombre_original: a.nombreOriginal, tipo: a.tipo, tamano: a.tamano, sha256: a.sha256 })
            .execute()
        }
        if (tramite) await writeEstado(this.engine, tx, { ...tramite, radicado }, 'update')
        if (audit) await writeAudit(tx, { ...audit, now: audit.now ?? now }, radicado)
        ids.push(radicado)
      }
      return ids
    }, confirm)
  }

  /** Keeps track of a write, so that close() can wait for it. */
  #track<T>(write: Promise<T>): Promise<T> {
    this.#inFlight.add(write)
    const done = () => this.#inFlight.delete(write)
    write.then(done, done)
    return write
  }

  /**
   * SQLite: group commit. Filings that arrive while the event loop is busy are written together at the next
   * turn, in one transaction, and each promise resolves only after that commit is on disk; if the batch
   * fails, each filing is retried on its own, so one bad filing cannot fail the others. PostgreSQL: one
   * transaction per filing (the server groups WAL flushes itself); when COMMIT's answer is lost, the filing
   * is confirmed by its content, not merely its number (a number given back may since be another filing's).
   */
  createFiling(filing: NewFiling): Promise<string> {
    const item = { ...filing, now: filing.now ?? new Date() }
    if (!this.engine.groupCommit) {
      const datosJson = JSON.stringify(item.datos)
      const confirm = ([id]: string[]) => this.#isThisFiling(id!, item.now, datosJson, item.codigoHash)
      return this.#track(this.engine.guard(() => this.#insertAll([item], confirm), 'filing').then(ids => ids[0]!))
    }
    return new Promise((resolve, reject) => {
      if (this.#queue.push({ item, resolve, reject }) === 1) {
        this.#flushing = new Promise(done => setImmediate(() => void this.#flush().then(done)))
      }
    })
  }

  async #flush(): Promise<void> {
    const batch = this.#queue
    this.#queue = []
    try {
      const ids = await this.engine.guard(() => this.#insertAll(batch.map(b => b.item)), 'filing')
      for (const [i, b] of batch.entries()) b.resolve(ids[i]!)
    } catch (error) {
      // Locked for the whole wait: every filing of the batch is refused now and never stored later. Retrying
      // each one for another wait stored filings whose citizens had already been told to send again.
      if ((error as Error | null)?.name === 'StoreBusyError') {
        for (const b of batch) b.reject(error)
        return
      }
      for (const b of batch) {
        try {
          b.resolve((await this.engine.guard(() => this.#insertAll([b.item]), 'filing'))[0]!)
        } catch (e) {
          b.reject(e)
        }
      }
    }
  }

  /** The filing stored under this number is the one with this time of receipt, content and code. */
  async #isThisFiling(radicado: string, now: Date, datosJson: string, codigoHash: string | undefined): Promise<boolean> {
    const row = await this.#db
      .selectFrom('radicaciones')
      .select(['datos', 'codigo_hash'])
      .where('radicado', '=', radicado)
      .where('recibido_en', '=', now.toISOString())
      .executeTakeFirst()
    return row !== undefined && JSON.stringify(parsed(row.datos)) === datosJson && (row.codigo_hash ?? undefined) === codigoHash
  }

  subscribe(correo: string, now = new Date(), autorizacion?: ConsentRecord): Promise<SubscribeResult> {
    const normalized = correo.trim().toLowerCase()
    const attempt = () =>
      this.engine.transaction(
        async (tx): Promise<SubscribeResult> => {
          const existing = await tx.selectFrom('suscripciones').select('radicado').where('correo_normalizado', '=', normalized).executeTakeFirst()
          if (existing) return { id: existing.radicado, nuevo: false }
          if (!this.plan.subscriptionSeries) throw new UnknownKindError('suscripcion')
          const radicado = await this.#allocate(tx, this.plan.subscriptionSeries, now)
          await tx
            .insertInto('suscripciones')
            .values({
              radicado,
              correo: correo.trim(),
              correo_normalizado: normalized,
              recibido_en: now.toISOString(),
              autorizacion_version: autorizacion?.version ?? null,
              autorizacion_en: autorizacion?.en ?? null,
            })
            .execute()
          return { id: radicado, nuevo: true }
        },
        // The address is unique: the number belongs to this registration only if it is stored for this address.
        async r =>
          (await this.#db
            .selectFrom('suscripciones')
            .select('radicado')
            .where('radicado', '=', r.id)
            .where('correo_normalizado', '=', normalized)
            .executeTakeFirst()) !== undefined,
      )
    return this.#track(
      this.engine.guard(async () => {
        try {
          return await attempt()
        } catch (error) {
          // The same address registered at the same moment by another process: its transaction won, ours rolled
          // back (number included); asking again finds the first registration.
          if (this.engine.isUniqueViolation(error, 'suscripciones_correo_normalizado_key')) return attempt()
          throw error
        }
      }, 'filing'),
    )
  }

  async codeMatches(radicado: string, codigoHash: string): Promise<boolean> {
    const row = await this.#db.selectFrom('radicaciones').select('codigo_hash').where('radicado', '=', radicado).executeTakeFirst()
    // An unknown number is compared against a stand-in of the same length: the same work as a known one.
    const stored = typeof row?.codigo_hash === 'string' ? row.codigo_hash : '0'.repeat(codigoHash.length)
    const same = stored.length === codigoHash.length && timingSafeEqual(Buffer.from(stored), Buffer.from(codigoHash))
    return same && typeof row?.codigo_hash === 'string'
  }

  async hasRadicado(radicado: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('radicaciones')
      .select('radicado')
      .where('radicado', '=', radicado)
      .unionAll(this.#db.selectFrom('suscripciones').select('radicado').where('radicado', '=', radicado))
      .executeTakeFirst()
    return row !== undefined
  }

  async listFilings(kind: FilingKind, options: ListOptions = {}): Promise<FilingRow[]> {
    const since = options.since ?? ''
    const filings = await this.#db
      .selectFrom('radicaciones')
      .select(filingColumns)
      .where('tipo', '=', kind)
      .where('recibido_en', '>=', since)
      .orderBy('numero')
      .execute()
    const attachments = await this.#db
      .selectFrom('adjuntos')
      .innerJoin('radicaciones as r', 'r.radicado', 'adjuntos.radicado')
      .select(['adjuntos.radicado', 'adjuntos.campo', 'adjuntos.archivo', 'adjuntos.nombre_original', 'adjuntos.tipo', 'adjuntos.tamano', 'adjuntos.sha256'])
      .where('r.tipo', '=', kind)
      .where('r.recibido_en', '>=', since)
      .orderBy(sql`adjuntos.${this.engine.attachmentOrder}`)
      .execute()
    const byFiling = new Map<string, typeof attachments>()
    for (const a of attachments) byFiling.set(a.radicado, [...(byFiling.get(a.radicado) ?? []), a])
    return filings.map(r => ({
      radicado: r.radicado,
      kind: r.tipo,
      recibidoEn: r.recibido_en,
      datos: parsed<Record<string, unknown>>(r.datos),
      adjuntos: (byFiling.get(r.radicado) ?? []).map(attachmentOf),
      ...consentOf(r),
      ...channelOf(r),
    }))
  }

  async listSubscriptions(options: ListOptions = {}): Promise<SubscriptionRow[]> {
    const rows = await this.#db
      .selectFrom('suscripciones')
      .select(['radicado', 'correo', 'recibido_en', 'autorizacion_version', 'autorizacion_en'])
      .where('recibido_en', '>=', options.since ?? '')
      .orderBy('numero')
      .execute()
    return rows.map(r => ({ radicado: r.radicado, correo: r.correo, recibidoEn: r.recibido_en, ...consentOf(r) }))
  }

  async attachmentFiles(): Promise<Set<string>> {
    const rows = await this.#db
      .selectFrom('adjuntos')
      .select('archivo')
      .unionAll(this.#db.selectFrom('historial').select('archivo').where('archivo', 'is not', null).$narrowType<{ archivo: string }>())
      .execute()
    return new Set(rows.map(r => r.archivo))
  }

  async counts(): Promise<StoreCounts> {
    const n = async (table: 'radicaciones' | 'adjuntos' | 'suscripciones') =>
      num(
        (
          await this.#db
            .selectFrom(table)
            .select(eb => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return { radicaciones: await n('radicaciones'), adjuntos: await n('adjuntos'), suscripciones: await n('suscripciones') }
  }

  /** Counts for the published report of requests (Decreto 103 de 2015, art. 52): groups, never filings. */
  async reportGroups(query: ReportQuery): Promise<ReportGroup[]> {
    const { engine } = this
    const datos = sql.ref('r.datos')
    // The request type of each kind lives in its own field of datos: one CASE branch per kind (numbers only).
    const kinds = Object.entries(query.typeFields)
    const typeExpr = kinds.length
      ? sql`CASE ${sql.join(
          kinds.map(([kind, field]) => sql`WHEN r.tipo = ${kind} THEN ${engine.numberField(datos, field)}`),
          sql` `,
        )} END`
      : sql`NULL`
    const did = (accion: string, negada = false) =>
      sql`EXISTS (SELECT 1 FROM historial h WHERE h.radicado = r.radicado AND h.accion = ${accion}${negada ? sql` AND h.negada = ${engine.flag(true)}` : sql``})`
    // A petition the office registered with an earlier day of receipt belongs to the period of that day.
    const { rows } = await sql<{
      kind: string
      tipo: unknown
      canal: string
      recibido: string
      desenlace: ReportGroup['desenlace']
      respondido: string | null
      vence: string | null
      negada: unknown
      cantidad: unknown
    }>`
      SELECT r.tipo AS kind, ${typeExpr} AS tipo, r.canal AS canal, COALESCE(r.recibida_el, ${engine.colombiaDay(sql.ref('r.recibido_en'))}) AS recibido,
             CASE WHEN ${did('trasladar')} THEN 'trasladada' WHEN ${did('responder')} THEN 'respondida' ELSE 'pendiente' END AS desenlace,
             ${engine.colombiaDay(sql.ref('t.respondida_en'))} AS respondido, t.vence AS vence,
             ${did('responder', true)} AS negada, COUNT(*) AS cantidad
      FROM radicaciones r LEFT JOIN tramites t ON t.radicado = r.radicado
      WHERE (r.recibida_el IS NULL AND r.recibido_en >= ${query.desde} AND r.recibido_en < ${query.hasta})
         OR (r.recibida_el >= ${colombiaDay(new Date(query.desde))} AND r.recibida_el < ${colombiaDay(new Date(query.hasta))})
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ORDER BY 1, 2, 3, 4`.execute(this.#db)
    return rows.map(r => ({
      kind: r.kind,
      tipo: r.tipo === null ? null : Number(r.tipo),
      canal: r.canal,
      recibido: r.recibido,
      desenlace: r.desenlace,
      respondido: r.desenlace === 'pendiente' ? null : r.respondido,
      vence: r.vence,
      negada: truth(r.negada),
      cantidad: num(r.cantidad),
    }))
  }

  /** Waits for the filings and subscriptions under way. */
  async settle(): Promise<void> {
    await this.#flushing
    await Promise.allSettled([...this.#inFlight])
  }
}
