import type Database from 'better-sqlite3'
import { consentOf, type ConsentColumns, SENSITIVE_CONSENT_SELECT, type SensitiveConsentColumns } from './consent.ts'
import { CHANNEL_SELECT, channelOf, type ChannelColumns } from './channel.ts'
import { ACCOUNT_COLUMNS, accountRow, auditRow, historyRow, tramiteRow, type AccountColumns, type TramiteColumns } from './officeRows.ts'
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

/** SQLite's booleans are 0/1 and the account's form list JSON text: converted here, the rest is officeRows.ts. */
type AccountDb = AccountColumns<number, string>
const account = (r: AccountDb) => accountRow({ ...r, activa: r.activa === 1, formularios: r.formularios === null ? null : (JSON.parse(r.formularios) as string[]) })
type TramiteDb = TramiteColumns<number>
const tramite = (r: TramiteDb) => tramiteRow({ ...r, ampliada: r.ampliada === 1 })

/**
 * The office tables in the SQLite file (migration 2). Synchronous underneath,
 * like the filings: a write is on disk when its promise resolves
 * (synchronous=FULL). Used by SqliteFilingStore, which owns the connection.
 */
export class SqliteOfficeStore implements OfficeStore {
  readonly #statements = new Map<string, Database.Statement>()

  constructor(private readonly db: Database.Database) {}

  /**
   * A statement compiled once per connection: better-sqlite3 compiles the SQL
   * again on every prepare(), which the filings' path (every filing, inside
   * its group commit) should not pay (issue 16, API throughput).
   */
  protected statement(sql: string): Database.Statement {
    let s = this.#statements.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      this.#statements.set(sql, s)
    }
    return s
  }

  /** The state row of a new filing, inside the filing's own transaction. */
  protected insertTramite(t: TramiteRow): void {
    this.#upsertTramite(t)
  }

  async findFiling(radicado: string): Promise<OfficeFilingRow | undefined> {
    const r = this.db.prepare(`SELECT radicado, tipo, recibido_en, datos, autorizacion_version, autorizacion_en, ${SENSITIVE_CONSENT_SELECT}, ${CHANNEL_SELECT} FROM radicaciones WHERE radicado = ?`).get(radicado) as
      | ({ radicado: string; tipo: string; recibido_en: string; datos: string } & ConsentColumns & SensitiveConsentColumns & ChannelColumns)
      | undefined
    if (!r) return undefined
    const adjuntos = (
      this.db.prepare('SELECT campo, archivo, nombre_original, tipo, tamano, sha256 FROM adjuntos WHERE radicado = ? ORDER BY rowid').all(radicado) as Array<{
        campo: string
        archivo: string
        nombre_original: string
        tipo: string
        tamano: number
        sha256: string
      }>
    ).map((a) => ({ campo: a.campo, archivo: a.archivo, nombreOriginal: a.nombre_original, tipo: a.tipo, tamano: a.tamano, sha256: a.sha256 }))
    return { radicado: r.radicado, kind: r.tipo, recibidoEn: r.recibido_en, datos: JSON.parse(r.datos) as Record<string, unknown>, adjuntos, ...consentOf(r), ...channelOf(r) }
  }

  async createAccount(a: NewAccount): Promise<AccountRow> {
    const now = (a.now ?? new Date()).toISOString()
    const correo = a.correo.trim().toLowerCase()
    try {
      const r = this.db
        .prepare(
          `INSERT INTO cuentas (correo, nombre, rol, formularios, clave, activa, creada_en, actualizada_en)
           VALUES (?, ?, ?, ?, ?, 1, ?, ?) RETURNING ${ACCOUNT_COLUMNS}`,
        )
        .get(correo, a.nombre, a.rol, a.formularios ? JSON.stringify(a.formularios) : null, a.clave, now, now) as AccountDb
      return account(r)
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateAccountError(correo)
      throw error
    }
  }

  async findAccountByEmail(correo: string): Promise<AccountRow | undefined> {
    const r = this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM cuentas WHERE correo = ?`).get(correo.trim().toLowerCase()) as AccountDb | undefined
    return r && account(r)
  }

  async listAccounts(): Promise<AccountRow[]> {
    return (this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM cuentas ORDER BY correo`).all() as AccountDb[]).map(account)
  }

  async updateAccount(id: number, c: AccountChanges, audit: AuditEntry): Promise<void> {
    const now = (audit.now ?? new Date()).toISOString()
    this.db
      .transaction(() => {
        const sets: string[] = []
        const values: unknown[] = []
        if (c.nombre !== undefined) sets.push('nombre = ?') && values.push(c.nombre)
        if (c.rol !== undefined) sets.push('rol = ?') && values.push(c.rol)
        if (c.formularios !== undefined) sets.push('formularios = ?') && values.push(c.formularios === null ? null : JSON.stringify(c.formularios))
        if (c.clave !== undefined) sets.push('clave = ?') && values.push(c.clave)
        if (c.activa !== undefined) sets.push('activa = ?') && values.push(c.activa ? 1 : 0)
        if (c.totp !== undefined) sets.push('totp_secreto = ?') && values.push(c.totp)
        sets.push('actualizada_en = ?')
        values.push(now)
        this.db.prepare(`UPDATE cuentas SET ${sets.join(', ')} WHERE id = ?`).run(...values, id)
        // A new password or a deactivation ends every open session of the account.
        if (c.clave !== undefined || c.activa === false || c.totp !== undefined) {
          this.db.prepare('UPDATE sesiones SET revocada_en = ? WHERE cuenta_id = ? AND revocada_en IS NULL').run(now, id)
        }
        this.#audit(audit)
      })
      .immediate()
  }

  async createSession(s: NewSession): Promise<void> {
    const now = (s.now ?? new Date()).toISOString()
    this.db
      .prepare('INSERT INTO sesiones (token_hash, cuenta_id, recordar, creada_en, ultimo_uso, expira_en, inactividad_ms) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(s.tokenHash, s.cuentaId, s.recordar ? 1 : 0, now, now, s.expiraEn.toISOString(), s.inactividadMs)
  }

  async useSession(tokenHash: string, now = new Date()): Promise<SessionWithAccount | undefined> {
    const row = this.db
      .prepare(
        `SELECT s.token_hash, s.cuenta_id, s.recordar, s.ultimo_uso, s.expira_en, s.inactividad_ms, s.revocada_en,
                c.id, c.correo, c.nombre, c.rol, c.formularios, c.clave, c.activa, c.creada_en, c.totp_secreto
         FROM sesiones s JOIN cuentas c ON c.id = s.cuenta_id WHERE s.token_hash = ?`,
      )
      .get(tokenHash) as
      | (AccountDb & { token_hash: string; cuenta_id: number; recordar: number; ultimo_uso: string; expira_en: string; inactividad_ms: number; revocada_en: string | null })
      | undefined
    if (!row || row.revocada_en !== null || row.activa !== 1) return undefined
    const t = now.getTime()
    if (t >= Date.parse(row.expira_en) || t - Date.parse(row.ultimo_uso) >= row.inactividad_ms) return undefined
    this.db.prepare('UPDATE sesiones SET ultimo_uso = ? WHERE token_hash = ?').run(now.toISOString(), tokenHash)
    return { tokenHash, cuentaId: row.cuenta_id, recordar: row.recordar === 1, expiraEn: row.expira_en, account: account(row) }
  }

  async claimTotpStep(cuentaId: number, timeStep: number): Promise<boolean> {
    const r = this.db
      .prepare('UPDATE cuentas SET totp_ultimo_paso = ? WHERE id = ? AND (totp_ultimo_paso IS NULL OR totp_ultimo_paso < ?)')
      .run(timeStep, cuentaId, timeStep)
    return r.changes === 1
  }

  async revokeSession(tokenHash: string, now = new Date()): Promise<void> {
    this.db.prepare('UPDATE sesiones SET revocada_en = ? WHERE token_hash = ? AND revocada_en IS NULL').run(now.toISOString(), tokenHash)
  }

  async getTramite(radicado: string): Promise<TramiteRow | undefined> {
    const r = this.db.prepare('SELECT * FROM tramites WHERE radicado = ?').get(radicado) as TramiteDb | undefined
    return r && tramite(r)
  }

  async listTramites(): Promise<TramiteRow[]> {
    return (this.db.prepare('SELECT * FROM tramites').all() as TramiteDb[]).map(tramite)
  }

  #upsertTramite(t: TramiteRow): void {
    this.statement(
      `INSERT INTO tramites (radicado, estado, dias_habiles, vence, vence_original, vence_maximo, vence_traslado, ampliada, respondida_en, cerrada_en)
       VALUES (@radicado, @estado, @diasHabiles, @vence, @venceOriginal, @venceMaximo, @venceTraslado, @ampliada, @respondidaEn, @cerradaEn)
       ON CONFLICT (radicado) DO UPDATE SET estado = excluded.estado, vence = excluded.vence, ampliada = excluded.ampliada,
         respondida_en = excluded.respondida_en, cerrada_en = excluded.cerrada_en`,
    ).run({ ...t, ampliada: t.ampliada ? 1 : 0, respondidaEn: t.respondidaEn ?? null, cerradaEn: t.cerradaEn ?? null })
  }

  async saveTramite(t: TramiteRow): Promise<void> {
    this.db
      .transaction(() => {
        // Only the first record counts: the deadlines are fixed at receipt.
        if (!this.db.prepare('SELECT 1 FROM tramites WHERE radicado = ?').get(t.radicado)) this.#upsertTramite(t)
      })
      .immediate()
  }

  async history(radicado: string): Promise<HistoryRow[]> {
    const rows = this.db
      .prepare(
        `SELECT h.*, c.nombre AS cuenta_nombre FROM historial h LEFT JOIN cuentas c ON c.id = h.cuenta_id
         WHERE h.radicado = ? ORDER BY h.id`,
      )
      .all(radicado) as Array<Record<string, unknown>>
    return rows.map((r) => historyRow(r, (v) => v === 1))
  }

  async recordAction(rec: ActionRecord): Promise<void> {
    this.db
      .transaction(() => {
        const current = this.db.prepare('SELECT estado, ampliada FROM tramites WHERE radicado = ?').get(rec.tramite.radicado) as { estado: string; ampliada: number } | undefined
        const same = current
          ? rec.expected.existed && current.estado === rec.expected.estado && (current.ampliada === 1) === rec.expected.ampliada
          : !rec.expected.existed
        if (!same) throw new StaleActionError()
        this.#upsertTramite(rec.tramite)
        this.#insertHistory(rec.history)
        this.#audit(rec.audit)
      })
      .immediate()
  }

  async noteHistory(history: NewHistory, audit: AuditEntry): Promise<void> {
    this.db
      .transaction(() => {
        this.#insertHistory(history)
        this.#audit(audit)
      })
      .immediate()
  }

  #insertHistory(h: NewHistory): void {
        this.db
          .prepare(
            `INSERT INTO historial (radicado, accion, estado_anterior, estado_nuevo, cuenta_id, en, texto, entidad, nueva_fecha, archivo, archivo_nombre, archivo_tamano, archivo_sha256, tardio, negada)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
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
            h.tardio ? 1 : 0,
            h.negada ? 1 : 0,
          )
  }

  #audit(e: AuditEntry): void {
    this.db
      .prepare('INSERT INTO auditoria (en, evento, cuenta_id, correo, radicado, detalle, direccion) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run((e.now ?? new Date()).toISOString(), e.evento, e.cuentaId ?? null, e.correo ?? null, e.radicado ?? null, e.detalle ?? null, e.direccion ?? null)
  }

  async audit(entry: AuditEntry): Promise<void> {
    this.#audit(entry)
  }

  async listAudit(options: { since?: string; limit?: number } = {}): Promise<AuditRow[]> {
    const rows = this.db
      .prepare(
        `SELECT a.id, a.en, a.evento, a.cuenta_id, c.correo AS cuenta_correo, a.correo, a.radicado, a.detalle, a.direccion
         FROM auditoria a LEFT JOIN cuentas c ON c.id = a.cuenta_id
         WHERE a.en >= ? ORDER BY a.id DESC LIMIT ?`,
      )
      .all(options.since ?? '', options.limit ?? -1) as Array<Record<string, unknown>>
    return rows.map(auditRow)
  }
}
