import type { Pool, PoolClient, QueryResultRow } from 'pg'
import { consentOf, type ConsentColumns, SENSITIVE_CONSENT_SELECT, type SensitiveConsentColumns } from './consent.ts'
import { CHANNEL_SELECT, channelOf, type ChannelColumns } from './channel.ts'
import { ACCOUNT_COLUMNS, accountRow, auditRow, historyRow, tramiteRow, type AccountColumns, type TramiteColumns } from './officeRows.ts'
import { StoreUnavailableError } from './unavailable.ts'
import {
  DuplicateAccountError,
  StaleActionError,
  type AccountChanges,
  type AccountRow,
  type ActionRecord,
  type AuditEntry,
  type AuditRow,
  type HistoryRow,
  type NewAccount,
  type NewHistory,
  type NewSession,
  type OfficeFilingRow,
  type OfficeStore,
  type SessionWithAccount,
  type TramiteRow,
} from './office.ts'

/** Something that runs a query: the pool (one statement, its own commit) or a client inside a transaction. */
export type Queryable = Pick<Pool | PoolClient, 'query'>

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'EPIPE'])

/** The server went away (shut down, restarted, connection cut), as opposed to a refused statement. */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null
  const code = typeof e?.code === 'string' ? e.code : ''
  // 08…: connection exception; 57P01-57P03: admin/crash shutdown, cannot connect now.
  if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true
  return typeof e?.message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)
}

function unavailable(error: unknown): StoreUnavailableError {
  const code = (error as { code?: unknown } | null)?.code
  return new StoreUnavailableError(`PostgreSQL no disponible${typeof code === 'string' ? ` (${code})` : ''}`)
}

/** A connection error becomes StoreUnavailableError (the server answers 503 in Spanish); any other error stays as it is. */
export function storeError(error: unknown): unknown {
  return error instanceof StoreUnavailableError || !isConnectionError(error) ? error : unavailable(error)
}

/** PostgreSQL's code for a unique violation. */
export const UNIQUE_VIOLATION = '23505'

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null
  return e?.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint === constraint)
}

type AccountDb = AccountColumns<boolean, string[]>
type TramiteDb = TramiteColumns<boolean>
const account = accountRow
const tramite = tramiteRow

export interface AttachmentDb {
  campo: string
  archivo: string
  nombre_original: string
  tipo: string
  tamano: number
  sha256: string
}

export const attachmentRecord = (a: AttachmentDb) => ({ campo: a.campo, archivo: a.archivo, nombreOriginal: a.nombre_original, tipo: a.tipo, tamano: a.tamano, sha256: a.sha256 })

/**
 * The office's tables in PostgreSQL (migration 2 of pgMigrations.ts). Every
 * write is committed (synchronous_commit on) before its promise resolves;
 * several server processes may share the database, so a check and the write
 * it guards run in one transaction holding the row's lock.
 */
export class PgOfficeStore implements OfficeStore {
  constructor(protected readonly pool: Pool) {}

  /** A connection of the pool; none to be had (server down, refusing connections, network) is StoreUnavailableError: 503, nothing stored. */
  protected async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect()
    } catch (error) {
      throw unavailable(error)
    }
  }

  /** One statement: on the given transaction's connection, or on its own connection (and its own commit) when given the pool. */
  protected async rows<T extends QueryResultRow>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
    if (db !== this.pool) {
      try {
        return (await db.query<T>(sql, params)).rows
      } catch (error) {
        throw storeError(error)
      }
    }
    const client = await this.connect()
    try {
      const result = (await client.query<T>(sql, params)).rows
      client.release()
      return result
    } catch (error) {
      client.release(isConnectionError(error) ? (error as Error) : undefined)
      throw storeError(error)
    }
  }

  /**
   * Runs `fn` in one transaction on one connection: committed when it
   * returns, rolled back when it throws. When the connection breaks while
   * COMMIT's answer is on its way, the outcome is unknown: with `confirm`,
   * it is asked again on a new connection (for a while, the database may be
   * restarting), so a filing that was committed is answered with its number
   * (and its kept upload is not removed) instead of being reported as failed.
   */
  protected async transaction<T>(fn: (client: PoolClient) => Promise<T>, confirm?: (result: T) => Promise<boolean>): Promise<T> {
    const client = await this.connect()
    let done: { result: T } | undefined
    try {
      await client.query('BEGIN')
      done = { result: await fn(client) }
      await client.query('COMMIT')
    } catch (error) {
      if (!isConnectionError(error)) {
        await client.query('ROLLBACK').catch(() => undefined)
        client.release()
        throw error
      }
      // A broken connection is destroyed rather than handed out again.
      client.release(error as Error)
      const outcome = done
      if (outcome && confirm && (await this.#confirmed(() => confirm(outcome.result)))) return outcome.result
      throw storeError(error)
    }
    client.release()
    return done.result
  }

  /** Asks `check` until it answers (up to about 8 s while the database is unreachable); false when it never does. */
  async #confirmed(check: () => Promise<boolean>): Promise<boolean> {
    for (const wait of [0, 500, 1000, 2000, 4000]) {
      await new Promise((resolve) => setTimeout(resolve, wait))
      try {
        return await check()
      } catch (error) {
        if (!(error instanceof StoreUnavailableError) && !isConnectionError(error)) throw error
      }
    }
    return false
  }

  /** The state row of a new filing, inside the filing's own transaction. */
  protected async insertTramite(db: Queryable, t: TramiteRow): Promise<void> {
    await this.#upsertTramite(db, t)
  }

  async findFiling(radicado: string): Promise<OfficeFilingRow | undefined> {
    const [r] = await this.rows<{ radicado: string; tipo: string; recibido_en: string; datos: Record<string, unknown> } & ConsentColumns & SensitiveConsentColumns & ChannelColumns>(
      this.pool,
      `SELECT radicado, tipo, recibido_en, datos, autorizacion_version, autorizacion_en, ${SENSITIVE_CONSENT_SELECT}, ${CHANNEL_SELECT} FROM radicaciones WHERE radicado = $1`,
      [radicado],
    )
    if (!r) return undefined
    const adjuntos = await this.rows<AttachmentDb>(this.pool, 'SELECT campo, archivo, nombre_original, tipo, tamano, sha256 FROM adjuntos WHERE radicado = $1 ORDER BY id', [radicado])
    return { radicado: r.radicado, kind: r.tipo, recibidoEn: r.recibido_en, datos: r.datos, adjuntos: adjuntos.map(attachmentRecord), ...consentOf(r), ...channelOf(r) }
  }

  async createAccount(a: NewAccount): Promise<AccountRow> {
    const now = (a.now ?? new Date()).toISOString()
    const correo = a.correo.trim().toLowerCase()
    try {
      const [r] = await this.rows<AccountDb>(
        this.pool,
        `INSERT INTO cuentas (correo, nombre, rol, formularios, clave, activa, creada_en, actualizada_en)
         VALUES ($1, $2, $3, $4, $5, true, $6, $6) RETURNING ${ACCOUNT_COLUMNS}`,
        [correo, a.nombre, a.rol, a.formularios ? JSON.stringify(a.formularios) : null, a.clave, now],
      )
      return account(r!)
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateAccountError(correo)
      throw error
    }
  }

  async findAccountByEmail(correo: string): Promise<AccountRow | undefined> {
    const [r] = await this.rows<AccountDb>(this.pool, `SELECT ${ACCOUNT_COLUMNS} FROM cuentas WHERE correo = $1`, [correo.trim().toLowerCase()])
    return r && account(r)
  }

  async listAccounts(): Promise<AccountRow[]> {
    // COLLATE "C": the same order as SQLite's byte order, whatever the database's locale.
    return (await this.rows<AccountDb>(this.pool, `SELECT ${ACCOUNT_COLUMNS} FROM cuentas ORDER BY correo COLLATE "C"`)).map(account)
  }

  async updateAccount(id: number, c: AccountChanges, audit: AuditEntry): Promise<void> {
    const now = (audit.now ?? new Date()).toISOString()
    await this.transaction(async (db) => {
      const sets: string[] = []
      const values: unknown[] = []
      const set = (column: string, value: unknown) => {
        values.push(value)
        sets.push(`${column} = $${values.length}`)
      }
      if (c.nombre !== undefined) set('nombre', c.nombre)
      if (c.rol !== undefined) set('rol', c.rol)
      if (c.formularios !== undefined) set('formularios', c.formularios === null ? null : JSON.stringify(c.formularios))
      if (c.clave !== undefined) set('clave', c.clave)
      if (c.activa !== undefined) set('activa', c.activa)
      if (c.totp !== undefined) set('totp_secreto', c.totp)
      set('actualizada_en', now)
      values.push(id)
      await this.rows(db, `UPDATE cuentas SET ${sets.join(', ')} WHERE id = $${values.length}`, values)
      // A new password or a deactivation ends every open session of the account, in every server process (sessions live here).
      if (c.clave !== undefined || c.activa === false || c.totp !== undefined) {
        await this.rows(db, 'UPDATE sesiones SET revocada_en = $1 WHERE cuenta_id = $2 AND revocada_en IS NULL', [now, id])
      }
      await this.#audit(db, audit)
    })
  }

  async createSession(s: NewSession): Promise<void> {
    const now = (s.now ?? new Date()).toISOString()
    await this.rows(this.pool, 'INSERT INTO sesiones (token_hash, cuenta_id, recordar, creada_en, ultimo_uso, expira_en, inactividad_ms) VALUES ($1, $2, $3, $4, $4, $5, $6)', [
      s.tokenHash,
      s.cuentaId,
      s.recordar,
      now,
      s.expiraEn.toISOString(),
      s.inactividadMs,
    ])
  }

  async useSession(tokenHash: string, now = new Date()): Promise<SessionWithAccount | undefined> {
    const [row] = await this.rows<AccountDb & { token_hash: string; cuenta_id: number; recordar: boolean; ultimo_uso: string; expira_en: string; inactividad_ms: string; revocada_en: string | null }>(
      this.pool,
      `SELECT s.token_hash, s.cuenta_id, s.recordar, s.ultimo_uso, s.expira_en, s.inactividad_ms, s.revocada_en,
              c.id, c.correo, c.nombre, c.rol, c.formularios, c.clave, c.activa, c.creada_en, c.totp_secreto
       FROM sesiones s JOIN cuentas c ON c.id = s.cuenta_id WHERE s.token_hash = $1`,
      [tokenHash],
    )
    if (!row || row.revocada_en !== null || !row.activa) return undefined
    const t = now.getTime()
    // inactividad_ms is a bigint: node-postgres hands it out as text.
    if (t >= Date.parse(row.expira_en) || t - Date.parse(row.ultimo_uso) >= Number(row.inactividad_ms)) return undefined
    await this.rows(this.pool, 'UPDATE sesiones SET ultimo_uso = $1 WHERE token_hash = $2', [now.toISOString(), tokenHash])
    return { tokenHash, cuentaId: row.cuenta_id, recordar: row.recordar, expiraEn: row.expira_en, account: account(row) }
  }

  async claimTotpStep(cuentaId: number, timeStep: number): Promise<boolean> {
    const claimed = await this.rows<{ id: number }>(this.pool, 'UPDATE cuentas SET totp_ultimo_paso = $1 WHERE id = $2 AND (totp_ultimo_paso IS NULL OR totp_ultimo_paso < $1) RETURNING id', [timeStep, cuentaId])
    return claimed.length === 1
  }

  async revokeSession(tokenHash: string, now = new Date()): Promise<void> {
    await this.rows(this.pool, 'UPDATE sesiones SET revocada_en = $1 WHERE token_hash = $2 AND revocada_en IS NULL', [now.toISOString(), tokenHash])
  }

  async getTramite(radicado: string): Promise<TramiteRow | undefined> {
    const [r] = await this.rows<TramiteDb>(this.pool, 'SELECT * FROM tramites WHERE radicado = $1', [radicado])
    return r && tramite(r)
  }

  async listTramites(): Promise<TramiteRow[]> {
    return (await this.rows<TramiteDb>(this.pool, 'SELECT * FROM tramites')).map(tramite)
  }

  async #upsertTramite(db: Queryable, t: TramiteRow): Promise<void> {
    await this.rows(
      db,
      `INSERT INTO tramites (radicado, estado, dias_habiles, vence, vence_original, vence_maximo, vence_traslado, ampliada, respondida_en, cerrada_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (radicado) DO UPDATE SET estado = excluded.estado, vence = excluded.vence, ampliada = excluded.ampliada,
         respondida_en = excluded.respondida_en, cerrada_en = excluded.cerrada_en`,
      [t.radicado, t.estado, t.diasHabiles, t.vence, t.venceOriginal, t.venceMaximo, t.venceTraslado, t.ampliada, t.respondidaEn ?? null, t.cerradaEn ?? null],
    )
  }

  async saveTramite(t: TramiteRow): Promise<void> {
    // Only the first record counts: the deadlines are fixed at receipt.
    await this.rows(
      this.pool,
      `INSERT INTO tramites (radicado, estado, dias_habiles, vence, vence_original, vence_maximo, vence_traslado, ampliada, respondida_en, cerrada_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (radicado) DO NOTHING`,
      [t.radicado, t.estado, t.diasHabiles, t.vence, t.venceOriginal, t.venceMaximo, t.venceTraslado, t.ampliada, t.respondidaEn ?? null, t.cerradaEn ?? null],
    )
  }

  async history(radicado: string): Promise<HistoryRow[]> {
    const rows = await this.rows<Record<string, unknown>>(
      this.pool,
      `SELECT h.*, c.nombre AS cuenta_nombre FROM historial h LEFT JOIN cuentas c ON c.id = h.cuenta_id
       WHERE h.radicado = $1 ORDER BY h.id`,
      [radicado],
    )
    return rows.map((r) => historyRow(r, (v) => v === true))
  }

  async recordAction(rec: ActionRecord): Promise<void> {
    await this.transaction(async (db) => {
      // The filing's row is locked first: two members of staff acting at once (in any server process) are
      // serialized here, and the second one sees the first one's state and is refused as stale.
      await this.rows(db, 'SELECT 1 FROM radicaciones WHERE radicado = $1 FOR UPDATE', [rec.tramite.radicado])
      const [current] = await this.rows<{ estado: string; ampliada: boolean }>(db, 'SELECT estado, ampliada FROM tramites WHERE radicado = $1 FOR UPDATE', [rec.tramite.radicado])
      const same = current ? rec.expected.existed && current.estado === rec.expected.estado && current.ampliada === rec.expected.ampliada : !rec.expected.existed
      if (!same) throw new StaleActionError()
      await this.#upsertTramite(db, rec.tramite)
      await this.#insertHistory(db, rec.history)
      await this.#audit(db, rec.audit)
    })
  }

  async noteHistory(history: NewHistory, audit: AuditEntry): Promise<void> {
    await this.transaction(async (db) => {
      await this.#insertHistory(db, history)
      await this.#audit(db, audit)
    })
  }

  async #insertHistory(db: Queryable, h: NewHistory): Promise<void> {
    await this.rows(
      db,
      `INSERT INTO historial (radicado, accion, estado_anterior, estado_nuevo, cuenta_id, en, texto, entidad, nueva_fecha, archivo, archivo_nombre, archivo_tamano, archivo_sha256, tardio, negada)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        h.radicado,
        h.accion,
        h.estadoAnterior ?? null,
        h.estadoNuevo,
        h.cuentaId ?? null,
        h.en,
        h.texto ?? null,
        h.entidad ?? null,
        h.nuevaFecha ?? null,
        h.archivo ?? null,
        h.archivoNombre ?? null,
        h.archivoTamano ?? null,
        h.archivoSha256 ?? null,
        h.tardio ?? false,
        h.negada ?? false,
      ],
    )
  }

  async #audit(db: Queryable, e: AuditEntry): Promise<void> {
    await this.rows(db, 'INSERT INTO auditoria (en, evento, cuenta_id, correo, radicado, detalle, direccion) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      (e.now ?? new Date()).toISOString(),
      e.evento,
      e.cuentaId ?? null,
      e.correo ?? null,
      e.radicado ?? null,
      e.detalle ?? null,
      e.direccion ?? null,
    ])
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.#audit(this.pool, entry)
  }

  async listAudit(options: { since?: string; limit?: number } = {}): Promise<AuditRow[]> {
    const rows = await this.rows<Record<string, unknown>>(
      this.pool,
      `SELECT a.id, a.en, a.evento, a.cuenta_id, c.correo AS cuenta_correo, a.correo, a.radicado, a.detalle, a.direccion
       FROM auditoria a LEFT JOIN cuentas c ON c.id = a.cuenta_id
       WHERE a.en >= $1 ORDER BY a.id DESC LIMIT $2`,
      [options.since ?? '', options.limit ?? null],
    )
    return rows.map(auditRow)
  }
}
