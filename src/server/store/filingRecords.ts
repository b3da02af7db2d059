import { timingSafeEqual } from 'node:crypto'
import { yearInColombia } from '../../manifest/colombiaTime.ts'
import { type Db, type Engine, num, parsed } from './engine.ts'
import { writeAudit, writeEstado } from './officeRecords.ts'
import {
  type ConsentRecord,
  type FilingQuery,
  type FilingRecordsStore,
  formatRadicado,
  type NewFiling,
  type NumberingPlan,
  type SubscribeResult,
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
export class FilingRecords implements Omit<FilingRecordsStore, FilingQuery> {
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
      .onConflict(oc => oc.columns([...this.engine.siteKey, 'serie', 'anio']).doUpdateSet(eb => ({ ultimo: eb('consecutivos.ultimo', '+', 1) })))
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

  /** Waits for the filings and subscriptions under way. */
  async settle(): Promise<void> {
    await this.#flushing
    await Promise.allSettled([...this.#inFlight])
  }
}
