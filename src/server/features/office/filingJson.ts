import type { HistoryRow } from '../../store/office.ts'
import { labelledFields } from './format.ts'
import type { Office } from './officeContext.ts'
import { isAnonymous, type FilingDetail } from './records.ts'

/** One line of a filing's history in its JSON, with the answer's file as a download link. */
function historyJson(h: HistoryRow, radicado: string) {
  return {
    accion: h.accion,
    estadoAnterior: h.estadoAnterior ?? null,
    estado: h.estadoNuevo,
    en: h.en,
    por: h.cuentaNombre ?? null,
    texto: h.texto ?? null,
    entidad: h.entidad ?? null,
    nuevaFecha: h.nuevaFecha ?? null,
    tardio: h.tardio ?? false,
    negada: h.negada ?? false,
    archivo: h.archivo ? { nombre: h.archivoNombre, tamano: h.archivoTamano, url: `/api/oficina/radicaciones/${radicado}/respuestas/${h.id}` } : null,
  }
}

/** GET /api/oficina/radicaciones/:radicado: the filing, its term, its data and its history (docs/api.md). */
export function filingJson(office: Office, d: FilingDetail, radicado: string) {
  const { filing, tramite } = d
  return {
    radicado,
    formulario: d.office.form.id,
    tipo: d.term.tipo,
    estado: tramite.estado,
    recibido: filing.recibidoEn,
    vence: tramite.vence,
    venceOriginal: tramite.venceOriginal,
    venceMaximo: tramite.venceMaximo,
    venceTraslado: tramite.venceTraslado,
    diasHabiles: tramite.diasHabiles,
    diasHabilesRestantes: d.status.diasHabilesRestantes,
    vencida: d.status.vencida,
    correDesde: d.status.correDesde ?? null,
    ampliada: tramite.ampliada,
    respondida: tramite.respondidaEn ?? null,
    campos: labelledFields(d.office.form, office.site.lookups, filing.datos),
    datos: filing.datos,
    autorizacion: filing.autorizacion ?? null,
    autorizacionSensibles: filing.autorizacionSensibles ?? null,
    canal: filing.canal ?? 'web',
    registradaPor: filing.registradaPor?.nombre ?? null,
    recibidaEl: filing.recibidaEl ?? null,
    anonima: isAnonymous(d.office.form, filing.datos),
    adjuntos: filing.adjuntos.map((a, i) => ({
      nombre: a.nombreOriginal,
      tamano: a.tamano,
      tipo: a.tipo,
      url: `/api/oficina/radicaciones/${radicado}/adjuntos/${i}`,
    })),
    historial: d.history.map(h => historyJson(h, radicado)),
  }
}
