import type { Generated } from 'kysely'

/**
 * The tables as Kysely sees them (the columns the migrations in migrations.ts create). A boolean is
 * 0/1 in SQLite and `boolean` in PostgreSQL, JSON is text in SQLite and parsed by `pg`, a bigint comes
 * back from `pg` as text: the engine (engine.ts) converts those; every other column reads the same.
 */
type Flag = number | boolean
type Json = string | unknown
type Big = number | string
/** PostgreSQL: the row's site, set by the database from the connection (siteTenancy.ts); SQLite has no such column. */
type Site = Generated<string>

export interface Tables {
  schema_migrations: { version: number; nombre: string; aplicada_en: string }
  consecutivos: { sitio: Site; serie: string; anio: number; ultimo: number }
  radicaciones: {
    sitio: Site
    numero: Generated<number>
    radicado: string
    tipo: string
    recibido_en: string
    datos: Json
    codigo_hash: string | null
    autorizacion_version: string | null
    autorizacion_en: string | null
    autorizacion_sensibles_version: string | null
    autorizacion_sensibles_en: string | null
    canal: Generated<string>
    registrada_por: number | null
    recibida_el: string | null
  }
  adjuntos: { sitio: Site; radicado: string; campo: string; archivo: string; nombre_original: string; tipo: string; tamano: number; sha256: string }
  suscripciones: {
    sitio: Site
    numero: Generated<number>
    radicado: string
    correo: string
    correo_normalizado: string
    recibido_en: string
    autorizacion_version: string | null
    autorizacion_en: string | null
  }
  cuentas: {
    sitio: Site
    id: Generated<number>
    correo: string
    nombre: string
    rol: string
    formularios: Json | null
    clave: string
    activa: Flag
    creada_en: string
    actualizada_en: string
    totp_secreto: string | null
    totp_ultimo_paso: Big | null
  }
  sesiones: {
    sitio: Site
    token_hash: string
    cuenta_id: number
    recordar: Flag
    creada_en: string
    ultimo_uso: string
    expira_en: string
    inactividad_ms: Big
    revocada_en: string | null
  }
  /** The state (`estado`) and deadlines of each filing. */
  tramites: {
    sitio: Site
    radicado: string
    estado: string
    dias_habiles: number
    vence: string
    vence_original: string
    vence_maximo: string
    vence_traslado: string
    ampliada: Flag
    respondida_en: string | null
    cerrada_en: string | null
  }
  historial: {
    sitio: Site
    id: Generated<number>
    radicado: string
    accion: string
    estado_anterior: string | null
    estado_nuevo: string
    cuenta_id: number | null
    en: string
    texto: string | null
    entidad: string | null
    nueva_fecha: string | null
    archivo: string | null
    archivo_nombre: string | null
    archivo_tamano: number | null
    archivo_sha256: string | null
    tardio: Flag
    negada: Flag
  }
  auditoria: {
    sitio: Site
    id: Generated<number>
    en: string
    evento: string
    cuenta_id: number | null
    correo: string | null
    radicado: string | null
    detalle: string | null
    direccion: string | null
  }
  limites_solicitudes: { sitio: Site; clave: string; cuenta: number; desde: Big }
  intentos_acceso: { sitio: Site; clave: string; intento: string; en: Big }
  recibos_pendientes: { sitio: Site; token_hash: string; radicado: string; sellado: string; vence_en: Big }
  informes_publicados: { sitio: Site; periodo: string; publicado_en: string; contenido: string }
  /** PostgreSQL only (platformTables.ts): the bytes of each kept upload. */
  adjuntos_contenido: { sitio: Site; archivo: string; contenido: Buffer }
}
