import { sql } from 'kysely'
import { type Db, type Engine, num } from './engine.ts'
import { type AttemptReservation, type AttemptRule, lockedFor, type PendingReceipt, type RequestCount, type SharedStateStore, windowStart } from './shared.ts'

/** Expired rows of the request counters are removed at most this often per process. */
const SWEEP_EVERY_MS = 60_000

/**
 * The shared state (shared.ts), written once for both engines: one count for every server process sharing
 * the database. A request count is one upsert (the row's lock orders concurrent ones); a sign-in check and
 * its count run in one transaction (SQLite: the file's write lock; PostgreSQL: an advisory lock per key), so
 * attempts in flight on several processes are counted one after another.
 */
export class SharedRecords implements SharedStateStore {
  readonly #db: Db
  #swept = 0

  constructor(private readonly engine: Engine) {
    this.#db = engine.db
  }

  countRequest(clave: string, windowMs: number, now = Date.now()): Promise<RequestCount> {
    // A counter is not a record: its commit need not wait for the disk (engine.relaxed).
    return this.engine.relaxed(async db => {
      if (now - this.#swept > SWEEP_EVERY_MS) {
        this.#swept = now
        // Windows differ per limit: a row is dropped once no limit (an hour at most) can still count it.
        await db
          .deleteFrom('limites_solicitudes')
          .where('desde', '<', now - 3_600_000)
          .execute()
      }
      // The window's start, not the request's millisecond (windowStart): a row's time says only which window.
      const desde = windowStart(now, windowMs)
      const { rows } = await sql<{ cuenta: number; desde: number | string }>`
        INSERT INTO limites_solicitudes AS l (clave, cuenta, desde) VALUES (${clave}, 1, ${desde})
        ON CONFLICT (${sql.raw([...this.engine.siteKey, 'clave'].join(', '))}) DO UPDATE SET
          cuenta = CASE WHEN l.desde < ${desde} THEN 1 ELSE l.cuenta + 1 END,
          desde = CASE WHEN l.desde < ${desde} THEN ${desde} ELSE l.desde END
        RETURNING cuenta, desde`.execute(db)
      return { current: num(rows[0]!.cuenta), ttl: num(rows[0]!.desde) + windowMs - now }
    })
  }

  reserveAttempt(rules: readonly AttemptRule[], intento: string, now = Date.now()): Promise<AttemptReservation> {
    return this.engine.transaction(async (tx): Promise<AttemptReservation> => {
      await this.engine.lockKeys(
        tx,
        rules.map(r => `intentos_acceso:${r.clave}`),
      )
      let locked = 0
      for (const rule of rules) {
        await tx
          .deleteFrom('intentos_acceso')
          .where('clave', '=', rule.clave)
          .where('en', '<=', now - rule.windowMs)
          .execute()
        const times = await tx
          .selectFrom('intentos_acceso')
          .select('en')
          .where('clave', '=', rule.clave)
          .where('en', '>', now - rule.windowMs)
          .orderBy('en')
          .execute()
        locked = Math.max(
          locked,
          lockedFor(
            times.map(r => num(r.en)),
            rule,
            now,
          ),
        )
      }
      if (locked > 0) return { ok: false, lockedMs: locked }
      for (const rule of rules) await tx.insertInto('intentos_acceso').values({ clave: rule.clave, intento, en: now }).execute()
      return { ok: true }
    })
  }

  async forgetAttempts(clave: string, intento?: string): Promise<void> {
    await this.#db
      .deleteFrom('intentos_acceso')
      .where('clave', '=', clave)
      .$if(intento !== undefined, q => q.where('intento', '=', intento!))
      .execute()
  }

  async keepReceipt(tokenHash: string, receipt: PendingReceipt, venceEn: number): Promise<void> {
    await this.engine.transaction(async tx => {
      await tx.deleteFrom('recibos_pendientes').where('vence_en', '<', Date.now()).execute()
      await tx
        .insertInto('recibos_pendientes')
        .values({ token_hash: tokenHash, radicado: receipt.radicado, sellado: receipt.sellado, vence_en: venceEn })
        .execute()
    })
  }

  async findReceipt(tokenHash: string, now = Date.now()): Promise<PendingReceipt | undefined> {
    const row = await this.#db
      .selectFrom('recibos_pendientes')
      .select(['radicado', 'sellado'])
      .where('token_hash', '=', tokenHash)
      .where('vence_en', '>=', now)
      .executeTakeFirst()
    return row && { radicado: row.radicado, sellado: row.sellado }
  }
}
