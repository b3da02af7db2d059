import type { Estado } from '../../filings/states.ts'
import { parsed, truth } from './engine.ts'
import type { AccountRow, AuditRow, HistoryRow, StaffRole, TramiteRow } from './office.ts'
import type { AttachmentRecord, ChannelRecord, ConsentRecord } from './store.ts'

/** The store's rows as both engines read them (a boolean or a JSON column either way: see engine.ts). */

export const orUndef = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v)

/**
 * `{ autorizacion }` when the row stored one, `{}` otherwise (rows from before the privacy notice); the same for
 * `autorizacionSensibles`, the explicit sensitive-data authorization (Decreto 1377 de 2013, art. 6; filings only).
 */
export function consentOf(r: {
  autorizacion_version: string | null
  autorizacion_en: string | null
  autorizacion_sensibles_version?: string | null
  autorizacion_sensibles_en?: string | null
}): { autorizacion?: ConsentRecord; autorizacionSensibles?: ConsentRecord } {
  const sensitive =
    typeof r.autorizacion_sensibles_version === 'string' && typeof r.autorizacion_sensibles_en === 'string'
      ? { autorizacionSensibles: { version: r.autorizacion_sensibles_version, en: r.autorizacion_sensibles_en } }
      : {}
  return r.autorizacion_version !== null && r.autorizacion_en !== null
    ? { autorizacion: { version: r.autorizacion_version, en: r.autorizacion_en }, ...sensitive }
    : sensitive
}

/** How a filing arrived, with the name of the staff member who registered it. */
export function channelOf(r: {
  canal: string
  registrada_por: number | null
  registrada_por_nombre: string | null
  recibida_el: string | null
}): ChannelRecord {
  return {
    canal: r.canal,
    ...(r.registrada_por !== null ? { registradaPor: { id: Number(r.registrada_por), nombre: r.registrada_por_nombre ?? '' } } : {}),
    ...(r.recibida_el !== null ? { recibidaEl: r.recibida_el } : {}),
  }
}

export function attachmentOf(a: { campo: string; archivo: string; nombre_original: string; tipo: string; tamano: number; sha256: string }): AttachmentRecord {
  return { campo: a.campo, archivo: a.archivo, nombreOriginal: a.nombre_original, tipo: a.tipo, tamano: a.tamano, sha256: a.sha256 }
}

export const ACCOUNT_COLUMNS = ['id', 'correo', 'nombre', 'rol', 'formularios', 'clave', 'activa', 'creada_en', 'totp_secreto'] as const

export function accountOf(r: {
  id: number
  correo: string
  nombre: string
  rol: string
  formularios: unknown
  clave: string
  activa: unknown
  creada_en: string
  totp_secreto: string | null
}): AccountRow {
  return {
    id: r.id,
    correo: r.correo,
    nombre: r.nombre,
    rol: r.rol as StaffRole,
    formularios: r.formularios === null ? undefined : parsed<string[]>(r.formularios),
    clave: r.clave,
    activa: truth(r.activa),
    creadaEn: r.creada_en,
    totp: orUndef(r.totp_secreto),
  }
}

export function estadoOf(r: {
  radicado: string
  estado: string
  dias_habiles: number
  vence: string
  vence_original: string
  vence_maximo: string
  vence_traslado: string
  ampliada: unknown
  respondida_en: string | null
  cerrada_en: string | null
}): TramiteRow {
  return {
    radicado: r.radicado,
    estado: r.estado as Estado,
    diasHabiles: r.dias_habiles,
    vence: r.vence,
    venceOriginal: r.vence_original,
    venceMaximo: r.vence_maximo,
    venceTraslado: r.vence_traslado,
    ampliada: truth(r.ampliada),
    respondidaEn: orUndef(r.respondida_en),
    cerradaEn: orUndef(r.cerrada_en),
  }
}

/** A row of `historial` joined with its account's name. */
export function historyOf(r: Record<string, unknown>): HistoryRow {
  return {
    id: r.id as number,
    radicado: r.radicado as string,
    accion: r.accion as string,
    estadoAnterior: orUndef(r.estado_anterior as string | null),
    estadoNuevo: r.estado_nuevo as string,
    cuentaId: orUndef(r.cuenta_id as number | null),
    cuentaNombre: orUndef(r.cuenta_nombre as string | null),
    en: r.en as string,
    texto: orUndef(r.texto as string | null),
    entidad: orUndef(r.entidad as string | null),
    nuevaFecha: orUndef(r.nueva_fecha as string | null),
    archivo: orUndef(r.archivo as string | null),
    archivoNombre: orUndef(r.archivo_nombre as string | null),
    archivoTamano: orUndef(r.archivo_tamano as number | null),
    archivoSha256: orUndef(r.archivo_sha256 as string | null),
    tardio: truth(r.tardio),
    negada: truth(r.negada),
  }
}

/** A row of `auditoria` joined with its account's e-mail. */
export function auditOf(r: Record<string, unknown>): AuditRow {
  return {
    id: r.id as number,
    en: r.en as string,
    evento: r.evento as string,
    cuentaId: orUndef(r.cuenta_id as number | null),
    cuentaCorreo: orUndef(r.cuenta_correo as string | null),
    correo: orUndef(r.correo as string | null),
    radicado: orUndef(r.radicado as string | null),
    detalle: orUndef(r.detalle as string | null),
    direccion: orUndef(r.direccion as string | null),
  }
}
