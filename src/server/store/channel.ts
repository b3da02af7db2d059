import type { ChannelRecord } from './store.ts'

/** The channel columns of radicaciones (migration 2601 on both engines), as every engine reads them. */
export interface ChannelColumns {
  canal: string
  registrada_por: number | null
  registrada_por_nombre: string | null
  recibida_el: string | null
}

/** Selected with the other columns of a filing (the staff member's name from cuentas). */
export const CHANNEL_SELECT = 'canal, registrada_por, (SELECT c.nombre FROM cuentas c WHERE c.id = radicaciones.registrada_por) AS registrada_por_nombre, recibida_el'

export function channelOf(r: ChannelColumns): ChannelRecord {
  return {
    canal: r.canal,
    ...(r.registrada_por !== null ? { registradaPor: { id: Number(r.registrada_por), nombre: r.registrada_por_nombre ?? '' } } : {}),
    ...(r.recibida_el !== null ? { recibidaEl: r.recibida_el } : {}),
  }
}
