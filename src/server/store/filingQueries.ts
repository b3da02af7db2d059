import { sql } from 'kysely'
import { colombiaDay } from '../../filings/businessDays.ts'
import { type Db, type Engine, num, parsed, truth } from './engine.ts'
import { filingColumns } from './officeRecords.ts'
import { attachmentOf, channelOf, consentOf } from './rows.ts'
import type { FilingKind, FilingQuery, FilingRecordsStore, FilingRow, ListOptions, ReportGroup, ReportQuery, StoreCounts, SubscriptionRow } from './store.ts'

/** Reads filings and subscriptions (store.ts), written once for both engines; filingRecords.ts writes them. */
export class FilingQueries implements Pick<FilingRecordsStore, FilingQuery> {
  readonly #db: Db

  constructor(private readonly engine: Engine) {
    this.#db = engine.db
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

  /** What the published report of requests counts (Decreto 103 de 2015, art. 52), one group per filing: its number, never its data. */
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
      radicado: string
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
      SELECT r.radicado AS radicado, r.tipo AS kind, ${typeExpr} AS tipo, r.canal AS canal, COALESCE(r.recibida_el, ${engine.colombiaDay(sql.ref('r.recibido_en'))}) AS recibido,
             CASE WHEN ${did('trasladar')} THEN 'trasladada' WHEN ${did('responder')} THEN 'respondida' ELSE 'pendiente' END AS desenlace,
             ${engine.colombiaDay(sql.ref('t.respondida_en'))} AS respondido, t.vence AS vence,
             ${did('responder', true)} AS negada, COUNT(*) AS cantidad
      FROM radicaciones r LEFT JOIN tramites t ON t.radicado = r.radicado
      WHERE (r.recibida_el IS NULL AND r.recibido_en >= ${query.desde} AND r.recibido_en < ${query.hasta})
         OR (r.recibida_el >= ${colombiaDay(new Date(query.desde))} AND r.recibida_el < ${colombiaDay(new Date(query.hasta))})
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ORDER BY 5, 1`.execute(this.#db)
    return rows.map(r => ({
      radicado: r.radicado,
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

  async publishedReport(periodo: string): Promise<string | undefined> {
    return (await this.#db.selectFrom('informes_publicados').select('contenido').where('periodo', '=', periodo).executeTakeFirst())?.contenido
  }

  async publishReport(periodo: string, contenido: string, now: Date = new Date()): Promise<string> {
    // Two requests freezing the same period at once: the first insert wins, the other reads it back.
    await this.#db
      .insertInto('informes_publicados')
      .values({ periodo, publicado_en: now.toISOString(), contenido })
      .onConflict(oc => oc.doNothing())
      .execute()
    return (await this.publishedReport(periodo))!
  }
}
