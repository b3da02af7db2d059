import type { Estado } from '../../filings/states.ts'
import type { AccountRow, AuditRow, HistoryRow, Rol, TramiteRow } from './office.ts'

/**
 * The office tables' rows as both engines read them, once. The engines differ
 * only in how a boolean and a list come back (SQLite: 0/1 and JSON text;
 * PostgreSQL: boolean and text[]): each converts those two and hands the rest
 * here.
 */

export const orUndef = <T>(v: T | null): T | undefined => (v === null ? undefined : v)

export const ACCOUNT_COLUMNS = 'id, correo, nombre, rol, formularios, clave, activa, creada_en, totp_secreto'

/** The columns of ACCOUNT_COLUMNS, with the engine's types for a boolean (`B`) and a list (`L`). */
export interface AccountColumns<B, L> {
  id: number
  correo: string
  nombre: string
  rol: string
  formularios: L | null
  clave: string
  activa: B
  creada_en: string
  totp_secreto: string | null
}

export function accountRow(r: AccountColumns<boolean, string[]>): AccountRow {
  return {
    id: r.id,
    correo: r.correo,
    nombre: r.nombre,
    rol: r.rol as Rol,
    formularios: orUndef(r.formularios),
    clave: r.clave,
    activa: r.activa,
    creadaEn: r.creada_en,
    totp: orUndef(r.totp_secreto),
  }
}

/** A row of `tramites`, with the engine's boolean type `B`. */
export interface TramiteColumns<B> {
  radicado: string
  estado: string
  dias_habiles: number
  vence: string
  vence_original: string
  vence_maximo: string
  vence_traslado: string
  ampliada: B
  respondida_en: string | null
  cerrada_en: string | null
}

export function tramiteRow(r: TramiteColumns<boolean>): TramiteRow {
  return {
    radicado: r.radicado,
    estado: r.estado as Estado,
    diasHabiles: r.dias_habiles,
    vence: r.vence,
    venceOriginal: r.vence_original,
    venceMaximo: r.vence_maximo,
    venceTraslado: r.vence_traslado,
    ampliada: r.ampliada,
    respondidaEn: orUndef(r.respondida_en),
    cerradaEn: orUndef(r.cerrada_en),
  }
}

/** A row of `historial` joined with its account's name; `truth` reads the engine's boolean. */
export function historyRow(r: Record<string, unknown>, truth: (v: unknown) => boolean): HistoryRow {
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
export function auditRow(r: Record<string, unknown>): AuditRow {
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
