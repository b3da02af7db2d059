import { type ExpressionBuilder, sql } from 'kysely'
import { type Db, type Engine, parsed } from './engine.ts'
import {
  type AccountChanges,
  type AccountRow,
  type ActionRecord,
  type AuditEntry,
  type AuditRow,
  DuplicateAccountError,
  type HistoryRow,
  type NewAccount,
  type NewHistory,
  type NewSession,
  type OfficeFilingRow,
  type OfficeStore,
  type SessionWithAccount,
  StaleActionError,
  type TramiteRow,
} from './office.ts'
import type { Tables } from './tables.ts'
import { ACCOUNT_COLUMNS, accountOf, attachmentOf, auditOf, channelOf, consentOf, estadoOf, historyOf } from './rows.ts'

/** The columns of a filing the office and the export read, with the name of the staff member who registered it. */
export function filingColumns(eb: ExpressionBuilder<Tables, 'radicaciones'>) {
  return [
    'radicado',
    'tipo',
    'recibido_en',
    'datos',
    'autorizacion_version',
    'autorizacion_en',
    'autorizacion_sensibles_version',
    'autorizacion_sensibles_en',
    'canal',
    'registrada_por',
    'recibida_el',
    eb.selectFrom('cuentas as c').select('c.nombre').whereRef('c.id', '=', 'radicaciones.registrada_por').as('registrada_por_nombre'),
  ] as const
}

/** The state and deadlines of a filing (insert, or on a later action its changing columns), inside the caller's transaction. */
export async function writeEstado(engine: Engine, tx: Db, t: TramiteRow, onConflict: 'update' | 'keep'): Promise<void> {
  await tx
    .insertInto('tramites')
    .values({
      radicado: t.radicado,
      estado: t.estado,
      dias_habiles: t.diasHabiles,
      vence: t.vence,
      vence_original: t.venceOriginal,
      vence_maximo: t.venceMaximo,
      vence_traslado: t.venceTraslado,
      ampliada: engine.flag(t.ampliada),
      respondida_en: t.respondidaEn ?? null,
      cerrada_en: t.cerradaEn ?? null,
    })
    .onConflict(oc =>
      onConflict === 'keep'
        ? oc.column('radicado').doNothing()
        : oc.column('radicado').doUpdateSet(eb => ({
            estado: eb.ref('excluded.estado'),
            vence: eb.ref('excluded.vence'),
            ampliada: eb.ref('excluded.ampliada'),
            respondida_en: eb.ref('excluded.respondida_en'),
            cerrada_en: eb.ref('excluded.cerrada_en'),
          })),
    )
    .execute()
}

/** An audit row, inside the caller's transaction or on its own. */
export async function writeAudit(tx: Db, e: AuditEntry, radicado = e.radicado): Promise<void> {
  await tx
    .insertInto('auditoria')
    .values({
      en: (e.now ?? new Date()).toISOString(),
      evento: e.evento,
      cuenta_id: e.cuentaId ?? null,
      correo: e.correo ?? null,
      radicado: radicado ?? null,
      detalle: e.detalle ?? null,
      direccion: e.direccion ?? null,
    })
    .execute()
}

/**
 * The office's part of the store (office.ts), written once for both engines: staff accounts, sessions, the
 * estado, deadlines and history of each filing, and the audit trail. An action, its history row and its
 * audit row are committed together or not at all, durably before the promise resolves; history and audit
 * rows are never changed or deleted (the database refuses it: triggers in migrations.ts).
 */
export class OfficeRecords implements OfficeStore {
  readonly #db: Db

  constructor(private readonly engine: Engine) {
    this.#db = engine.db
  }

  async findFiling(radicado: string): Promise<OfficeFilingRow | undefined> {
    const r = await this.#db.selectFrom('radicaciones').select(filingColumns).where('radicado', '=', radicado).executeTakeFirst()
    if (!r) return undefined
    const adjuntos = await this.#db
      .selectFrom('adjuntos')
      .select(['campo', 'archivo', 'nombre_original', 'tipo', 'tamano', 'sha256'])
      .where('radicado', '=', radicado)
      .orderBy(this.engine.attachmentOrder)
      .execute()
    return {
      radicado: r.radicado,
      kind: r.tipo,
      recibidoEn: r.recibido_en,
      datos: parsed<Record<string, unknown>>(r.datos),
      adjuntos: adjuntos.map(attachmentOf),
      ...consentOf(r),
      ...channelOf(r),
    }
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

  async getTramite(radicado: string): Promise<TramiteRow | undefined> {
    const r = await this.#db.selectFrom('tramites').selectAll().where('radicado', '=', radicado).executeTakeFirst()
    return r && estadoOf(r)
  }

  async listTramites(): Promise<TramiteRow[]> {
    return (await this.#db.selectFrom('tramites').selectAll().execute()).map(estadoOf)
  }

  async saveTramite(t: TramiteRow): Promise<void> {
    // Only the first record counts: the deadlines are fixed at receipt.
    await writeEstado(this.engine, this.#db, t, 'keep')
  }

  async history(radicado: string): Promise<HistoryRow[]> {
    const rows = await this.#db
      .selectFrom('historial as h')
      .leftJoin('cuentas as c', 'c.id', 'h.cuenta_id')
      .selectAll('h')
      .select('c.nombre as cuenta_nombre')
      .where('h.radicado', '=', radicado)
      .orderBy('h.id')
      .execute()
    return rows.map(historyOf)
  }

  async recordAction(rec: ActionRecord): Promise<void> {
    const radicado = rec.tramite.radicado
    await this.engine.transaction(async tx => {
      // PostgreSQL: the filing's row is locked first, so two members of staff acting at once (in any server process)
      // are serialized here and the second one sees the first one's estado and is refused as stale. SQLite's
      // transaction holds the file's write lock already.
      if (this.engine.locksRows) await tx.selectFrom('radicaciones').select('radicado').where('radicado', '=', radicado).forUpdate().execute()
      const current = await tx
        .selectFrom('tramites')
        .select(['estado', 'ampliada'])
        .where('radicado', '=', radicado)
        .$if(this.engine.locksRows, q => q.forUpdate())
        .executeTakeFirst()
      const same = current
        ? rec.expected.existed && current.estado === rec.expected.estado && (current.ampliada === true || current.ampliada === 1) === rec.expected.ampliada
        : !rec.expected.existed
      if (!same) throw new StaleActionError()
      await writeEstado(this.engine, tx, rec.tramite, 'update')
      await this.#writeHistory(tx, rec.history)
      await writeAudit(tx, rec.audit)
    })
  }

  async noteHistory(history: NewHistory, audit: AuditEntry): Promise<void> {
    await this.engine.transaction(async tx => {
      await this.#writeHistory(tx, history)
      await writeAudit(tx, audit)
    })
  }

  async #writeHistory(tx: Db, h: NewHistory): Promise<void> {
    await tx
      .insertInto('historial')
      .values({
        radicado: h.radicado,
        accion: h.accion,
        estado_anterior: h.estadoAnterior ?? null,
        estado_nuevo: h.estadoNuevo,
        cuenta_id: h.cuentaId ?? null,
        en: h.en,
        texto: h.texto ?? null,
        entidad: h.entidad ?? null,
        nueva_fecha: h.nuevaFecha ?? null,
        archivo: h.archivo ?? null,
        archivo_nombre: h.archivoNombre ?? null,
        archivo_tamano: h.archivoTamano ?? null,
        archivo_sha256: h.archivoSha256 ?? null,
        tardio: this.engine.flag(h.tardio ?? false),
        negada: this.engine.flag(h.negada ?? false),
      })
      .execute()
  }

  async audit(entry: AuditEntry): Promise<void> {
    await writeAudit(this.#db, entry)
  }

  async listAudit(options: { since?: string; limit?: number } = {}): Promise<AuditRow[]> {
    const rows = await this.#db
      .selectFrom('auditoria as a')
      .leftJoin('cuentas as c', 'c.id', 'a.cuenta_id')
      .select(['a.id', 'a.en', 'a.evento', 'a.cuenta_id', 'c.correo as cuenta_correo', 'a.correo', 'a.radicado', 'a.detalle', 'a.direccion'])
      .where('a.en', '>=', options.since ?? '')
      .orderBy('a.id', 'desc')
      .$if(options.limit !== undefined, q => q.limit(options.limit!))
      .execute()
    return rows.map(auditOf)
  }
}
