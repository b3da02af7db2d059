import type { ExpressionBuilder } from 'kysely'
import { type Db, type Engine, parsed } from './engine.ts'
import {
  type AccountMethod,
  type ActionRecord,
  type AuditEntry,
  type AuditRow,
  type HistoryRow,
  type NewHistory,
  type OfficeFilingRow,
  type OfficeStore,
  StaleActionError,
  type TramiteRow,
} from './office.ts'
import type { Tables } from './tables.ts'
import { attachmentOf, auditOf, channelOf, consentOf, estadoOf, historyOf } from './rows.ts'

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
        ? oc.columns([...engine.siteKey, 'radicado']).doNothing()
        : oc.columns([...engine.siteKey, 'radicado']).doUpdateSet(eb => ({
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
 * The office's part of the store (office.ts), written once for both engines (staff accounts and sessions are
 * in accountRecords.ts): the estado, deadlines and history of each filing, and the audit trail. An action, its history row and its
 * audit row are committed together or not at all, durably before the promise resolves; history and audit
 * rows are never changed or deleted (the database refuses it: triggers in officeTables.ts).
 */
export class OfficeRecords implements Omit<OfficeStore, AccountMethod> {
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
