import { sql } from 'kysely'
import type { Db, Engine } from './engine.ts'
import {
  type AccountChanges,
  type AccountMethod,
  type AccountRow,
  type AuditEntry,
  DuplicateAccountError,
  type NewAccount,
  type NewSession,
  type OfficeStore,
  type SessionWithAccount,
} from './office.ts'
import { writeAudit } from './officeRecords.ts'
import { ACCOUNT_COLUMNS, accountOf } from './rows.ts'

/**
 * Staff accounts, their sessions (shared by every server process) and the second factor's spent steps
 * (office.ts), written once for both engines. A change that ends sessions commits with its audit row.
 */
export class AccountRecords implements Pick<OfficeStore, AccountMethod> {
  readonly #db: Db

  constructor(private readonly engine: Engine) {
    this.#db = engine.db
  }

  async createAccount(a: NewAccount): Promise<AccountRow> {
    const now = (a.now ?? new Date()).toISOString()
    const correo = a.correo.trim().toLowerCase()
    try {
      const r = await this.#db
        .insertInto('cuentas')
        .values({
          correo,
          nombre: a.nombre,
          rol: a.rol,
          formularios: a.formularios ? JSON.stringify(a.formularios) : null,
          clave: a.clave,
          activa: this.engine.flag(true),
          creada_en: now,
          actualizada_en: now,
        })
        .returning(ACCOUNT_COLUMNS)
        .executeTakeFirstOrThrow()
      return accountOf(r)
    } catch (error) {
      if (this.engine.isUniqueViolation(error)) throw new DuplicateAccountError(correo)
      throw error
    }
  }

  async findAccountByEmail(correo: string): Promise<AccountRow | undefined> {
    const r = await this.#db.selectFrom('cuentas').select(ACCOUNT_COLUMNS).where('correo', '=', correo.trim().toLowerCase()).executeTakeFirst()
    return r && accountOf(r)
  }

  async listAccounts(): Promise<AccountRow[]> {
    return (
      await this.#db
        .selectFrom('cuentas')
        .select(ACCOUNT_COLUMNS)
        .orderBy(this.engine.byteOrder(sql.ref('correo')))
        .execute()
    ).map(accountOf)
  }

  async updateAccount(id: number, c: AccountChanges, audit: AuditEntry): Promise<void> {
    const now = (audit.now ?? new Date()).toISOString()
    await this.engine.transaction(async tx => {
      await tx
        .updateTable('cuentas')
        .set({
          ...(c.nombre !== undefined && { nombre: c.nombre }),
          ...(c.rol !== undefined && { rol: c.rol }),
          ...(c.formularios !== undefined && { formularios: c.formularios === null ? null : JSON.stringify(c.formularios) }),
          ...(c.clave !== undefined && { clave: c.clave }),
          ...(c.activa !== undefined && { activa: this.engine.flag(c.activa) }),
          ...(c.totp !== undefined && { totp_secreto: c.totp }),
          actualizada_en: now,
        })
        .where('id', '=', id)
        .execute()
      // A new password, a new second factor or a deactivation ends every open session of the account (in every server process).
      if (c.clave !== undefined || c.activa === false || c.totp !== undefined) {
        await tx.updateTable('sesiones').set({ revocada_en: now }).where('cuenta_id', '=', id).where('revocada_en', 'is', null).execute()
      }
      await writeAudit(tx, audit)
    })
  }

  async createSession(s: NewSession): Promise<void> {
    const now = (s.now ?? new Date()).toISOString()
    await this.#db
      .insertInto('sesiones')
      .values({
        token_hash: s.tokenHash,
        cuenta_id: s.cuentaId,
        recordar: this.engine.flag(s.recordar),
        creada_en: now,
        ultimo_uso: now,
        expira_en: s.expiraEn.toISOString(),
        inactividad_ms: s.inactividadMs,
      })
      .execute()
  }

  async useSession(tokenHash: string, now = new Date()): Promise<SessionWithAccount | undefined> {
    const row = await this.#db
      .selectFrom('sesiones as s')
      .innerJoin('cuentas as c', 'c.id', 's.cuenta_id')
      .select(['s.token_hash', 's.cuenta_id', 's.recordar', 's.ultimo_uso', 's.expira_en', 's.inactividad_ms', 's.revocada_en'])
      .select(['c.id', 'c.correo', 'c.nombre', 'c.rol', 'c.formularios', 'c.clave', 'c.activa', 'c.creada_en', 'c.totp_secreto'])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst()
    const account = row && accountOf(row)
    if (!row || !account || row.revocada_en !== null || !account.activa) return undefined
    const t = now.getTime()
    // inactividad_ms is a bigint: `pg` hands it out as text.
    if (t >= Date.parse(row.expira_en) || t - Date.parse(row.ultimo_uso) >= Number(row.inactividad_ms)) return undefined
    await this.#db.updateTable('sesiones').set({ ultimo_uso: now.toISOString() }).where('token_hash', '=', tokenHash).execute()
    return { tokenHash, cuentaId: row.cuenta_id, recordar: row.recordar === true || row.recordar === 1, expiraEn: row.expira_en, account }
  }

  async revokeSession(tokenHash: string, now = new Date()): Promise<void> {
    await this.#db
      .updateTable('sesiones')
      .set({ revocada_en: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('revocada_en', 'is', null)
      .execute()
  }

  async claimTotpStep(cuentaId: number, timeStep: number): Promise<boolean> {
    // One conditional UPDATE: of two processes spending the same code at once, one changes the row.
    const claimed = await this.#db
      .updateTable('cuentas')
      .set({ totp_ultimo_paso: timeStep })
      .where('id', '=', cuentaId)
      .where(eb => eb.or([eb('totp_ultimo_paso', 'is', null), eb('totp_ultimo_paso', '<', timeStep)]))
      .returning('id')
      .execute()
    return claimed.length === 1
  }
}
