import { PgOfficeStore } from './postgresOffice.ts'
import { lockedFor, type AttemptReservation, type AttemptRule, type PendingReceipt, type RequestCount, type SharedStateStore } from './shared.ts'

/** Expired rows of the request counters are removed at most this often per process. */
const SWEEP_EVERY_MS = 60_000

/**
 * The shared state (shared.ts) in PostgreSQL, migration 2301: one count for
 * every server process. A request count is one upsert (the row's lock orders
 * concurrent ones); a sign-in check and its count run in one transaction
 * holding an advisory lock per key, so attempts in flight on several
 * processes are counted one after another.
 */
export class PgSharedStore extends PgOfficeStore implements SharedStateStore {
  #swept = 0

  async countRequest(clave: string, windowMs: number, now = Date.now()): Promise<RequestCount> {
    if (now - this.#swept > SWEEP_EVERY_MS) {
      this.#swept = now
      await this.rows(this.pool, 'DELETE FROM limites_solicitudes WHERE desde < $1', [now - 3_600_000])
    }
    const [row] = await this.rows<{ cuenta: number; desde: string }>(
      this.pool,
      `INSERT INTO limites_solicitudes AS l (clave, cuenta, desde) VALUES ($1, 1, $2)
       ON CONFLICT (clave) DO UPDATE SET
         cuenta = CASE WHEN l.desde + $3 <= $2 THEN 1 ELSE l.cuenta + 1 END,
         desde = CASE WHEN l.desde + $3 <= $2 THEN $2 ELSE l.desde END
       RETURNING cuenta, desde`,
      [clave, now, windowMs],
    )
    // bigint arrives as text.
    return { current: row!.cuenta, ttl: Number(row!.desde) + windowMs - now }
  }

  async reserveAttempt(rules: readonly AttemptRule[], intento: string, now = Date.now()): Promise<AttemptReservation> {
    return this.transaction(async (db) => {
      // In one order on every process, so two attempts never wait for each other's second key.
      for (const clave of [...new Set(rules.map((r) => r.clave))].sort()) await this.rows(db, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`intentos_acceso:${clave}`])
      let locked = 0
      for (const rule of rules) {
        await this.rows(db, 'DELETE FROM intentos_acceso WHERE clave = $1 AND en <= $2', [rule.clave, now - rule.windowMs])
        const list = (await this.rows<{ en: string }>(db, 'SELECT en FROM intentos_acceso WHERE clave = $1 AND en > $2 ORDER BY en', [rule.clave, now - rule.windowMs])).map((r) => Number(r.en))
        locked = Math.max(locked, lockedFor(list, rule, now))
      }
      if (locked > 0) return { ok: false, lockedMs: locked } as const
      for (const rule of rules) await this.rows(db, 'INSERT INTO intentos_acceso (clave, intento, en) VALUES ($1, $2, $3)', [rule.clave, intento, now])
      return { ok: true } as const
    })
  }

  async forgetAttempts(clave: string, intento?: string): Promise<void> {
    if (intento === undefined) await this.rows(this.pool, 'DELETE FROM intentos_acceso WHERE clave = $1', [clave])
    else await this.rows(this.pool, 'DELETE FROM intentos_acceso WHERE clave = $1 AND intento = $2', [clave, intento])
  }

  async keepReceipt(tokenHash: string, receipt: PendingReceipt, venceEn: number): Promise<void> {
    await this.transaction(async (db) => {
      await this.rows(db, 'DELETE FROM recibos_pendientes WHERE vence_en < $1', [Date.now()])
      await this.rows(db, 'INSERT INTO recibos_pendientes (token_hash, radicado, sellado, vence_en) VALUES ($1, $2, $3, $4)', [tokenHash, receipt.radicado, receipt.sellado, venceEn])
    })
  }

  async findReceipt(tokenHash: string, now = Date.now()): Promise<PendingReceipt | undefined> {
    const [row] = await this.rows<PendingReceipt>(this.pool, 'SELECT radicado, sellado FROM recibos_pendientes WHERE token_hash = $1 AND vence_en >= $2', [tokenHash, now])
    return row && { radicado: row.radicado, sellado: row.sellado }
  }
}
