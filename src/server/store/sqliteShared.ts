import type Database from 'better-sqlite3'
import { SqliteOfficeStore } from './sqliteOffice.ts'
import { lockedFor, type AttemptReservation, type AttemptRule, type PendingReceipt, type RequestCount, type SharedStateStore } from './shared.ts'

/** Expired rows of the request counters are removed at most this often (by whichever call comes next). */
const SWEEP_EVERY_MS = 60_000

/**
 * The shared state (shared.ts) in the SQLite file, migration 2301. Every
 * process opening the file sees it; a check and the count it guards run in
 * one IMMEDIATE transaction, which other processes wait for.
 */
export class SqliteSharedStore extends SqliteOfficeStore implements SharedStateStore {
  readonly #db: Database.Database
  #swept = 0

  constructor(db: Database.Database) {
    super(db)
    this.#db = db
  }

  async countRequest(clave: string, windowMs: number, now = Date.now()): Promise<RequestCount> {
    // A counter is not a record: its commit need not wait for the disk (synchronous=NORMAL in WAL mode keeps the
    // file consistent, and the next filing's FULL commit flushes it anyway). Switched back before anything else runs.
    this.#db.pragma('synchronous = NORMAL')
    try {
      if (now - this.#swept > SWEEP_EVERY_MS) {
        this.#swept = now
        // Windows differ per limit: a row is dropped once no limit (an hour at most) can still count it.
        this.statement('DELETE FROM limites_solicitudes WHERE desde < ?').run(now - 3_600_000)
      }
      const row = this.statement(
        `INSERT INTO limites_solicitudes (clave, cuenta, desde) VALUES (@clave, 1, @now)
         ON CONFLICT (clave) DO UPDATE SET
           cuenta = CASE WHEN desde + @windowMs <= @now THEN 1 ELSE cuenta + 1 END,
           desde = CASE WHEN desde + @windowMs <= @now THEN @now ELSE desde END
         RETURNING cuenta, desde`,
      ).get({ clave, now, windowMs }) as { cuenta: number; desde: number }
      return { current: row.cuenta, ttl: row.desde + windowMs - now }
    } finally {
      this.#db.pragma('synchronous = FULL')
    }
  }

  async reserveAttempt(rules: readonly AttemptRule[], intento: string, now = Date.now()): Promise<AttemptReservation> {
    const times = this.statement('SELECT en FROM intentos_acceso WHERE clave = ? AND en > ? ORDER BY en')
    const insert = this.statement('INSERT INTO intentos_acceso (clave, intento, en) VALUES (?, ?, ?)')
    const prune = this.statement('DELETE FROM intentos_acceso WHERE clave = ? AND en <= ?')
    return this.#db
      .transaction((): AttemptReservation => {
        let locked = 0
        for (const rule of rules) {
          prune.run(rule.clave, now - rule.windowMs)
          const list = (times.all(rule.clave, now - rule.windowMs) as Array<{ en: number }>).map((r) => r.en)
          locked = Math.max(locked, lockedFor(list, rule, now))
        }
        if (locked > 0) return { ok: false, lockedMs: locked }
        for (const rule of rules) insert.run(rule.clave, intento, now)
        return { ok: true }
      })
      .immediate()
  }

  async forgetAttempts(clave: string, intento?: string): Promise<void> {
    if (intento === undefined) this.statement('DELETE FROM intentos_acceso WHERE clave = ?').run(clave)
    else this.statement('DELETE FROM intentos_acceso WHERE clave = ? AND intento = ?').run(clave, intento)
  }

  async keepReceipt(tokenHash: string, receipt: PendingReceipt, venceEn: number): Promise<void> {
    this.#db
      .transaction(() => {
        this.statement('DELETE FROM recibos_pendientes WHERE vence_en < ?').run(Date.now())
        this.statement('INSERT INTO recibos_pendientes (token_hash, radicado, sellado, vence_en) VALUES (?, ?, ?, ?)').run(tokenHash, receipt.radicado, receipt.sellado, venceEn)
      })
      .immediate()
  }

  async findReceipt(tokenHash: string, now = Date.now()): Promise<PendingReceipt | undefined> {
    const row = this.statement('SELECT radicado, sellado FROM recibos_pendientes WHERE token_hash = ? AND vence_en >= ?').get(tokenHash, now) as PendingReceipt | undefined
    return row && { radicado: row.radicado, sellado: row.sellado }
  }
}
