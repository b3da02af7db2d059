/**
 * The channels a petition reaches the hospital by (Ley 1755 de 2015, art. 15:
 * petitions may be made verbally, in writing or by any technological means;
 * Decreto 1166 de 2016: verbal petitions, in person or by phone, are
 * registered and given a radicado). Web filings come through the site's
 * forms; the other four are registered by the office (docs/decisions/terms-and-states.md).
 * The ids are what the store keeps in `radicaciones.canal`.
 */
export const CANALES = ['web', 'presencial', 'telefonico', 'correo', 'escrito'] as const
export type Canal = (typeof CANALES)[number]

/** The channels the office registers (every one but the site's own forms). */
export const OFFICE_CANALES = ['presencial', 'telefonico', 'correo', 'escrito'] as const satisfies readonly Canal[]
export type OfficeCanal = (typeof OFFICE_CANALES)[number]

/** What staff and citizens read. */
export const CANAL_LABEL: Record<Canal, string> = {
  web: 'Sitio web',
  presencial: 'Presencial',
  telefonico: 'Telefónico',
  correo: 'Correo electrónico',
  escrito: 'Escrito (documento en papel)',
}

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
}

/**
 * A channel the office may register, from its id (`telefonico`) or as people
 * write it (`telefónico`, `correo electrónico`, `Escrito`); undefined otherwise.
 */
export function parseOfficeCanal(value: unknown): OfficeCanal | undefined {
  if (typeof value !== 'string') return undefined
  const v = plain(value)
  if (v === 'correo electronico' || v === 'email' || v === 'e-mail') return 'correo'
  return (OFFICE_CANALES as readonly string[]).includes(v) ? (v as OfficeCanal) : undefined
}

export function canalLabel(canal: string): string {
  return (CANAL_LABEL as Record<string, string>)[canal] ?? canal
}
