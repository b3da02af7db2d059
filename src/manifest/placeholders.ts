/**
 * Placeholders staff write in page, news and footer text so that a fact lives
 * in one place: `((telefono.urgencias))`, `((correo.contacto))`,
 * `((direccion.principal))`, `((horario.administrativo))` come from
 * `contacto` in site.yaml; `((vigencias))` is the year range of the documents
 * a page (or a documents section, in its title) shows.
 *
 * Double parentheses because braces or brackets at the start of a YAML value
 * would silently turn it into a map or a list.
 */
import type { Fila, SiteManifest } from './types.generated.ts'

export const PLACEHOLDER = /\(\(\s*([a-zA-Záéíóúñ]+)(?:\.([a-zA-Z0-9_-]+))?\s*\)\)/g

export const CONTACT_KINDS = {
  telefono: 'telefonos',
  correo: 'correos',
  direccion: 'direcciones',
  horario: 'horarios',
} as const
export type ContactKind = keyof typeof CONTACT_KINDS

export const YEARS_PLACEHOLDER = 'vigencias'

export interface ResolvedContact {
  text: string
  href?: string
}

/**
 * `tel:` target of a Colombian number as people write it: 10 digits
 * (landline with area code 60X or mobile 3XX) get +57; numbers already
 * starting with 57 and 12 digits get +; others (01 8000 lines, short codes)
 * are dialled as written.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10 && /^[36]/.test(digits)) return `tel:+57${digits}`
  if (digits.length === 12 && digits.startsWith('57')) return `tel:+${digits}`
  return `tel:${digits}`
}

/**
 * A phone as citizens see it on the site, in the international form of the
 * GOV.CO guidelines: «+57 601 555 0101» (landline 60X), «+57 320 555 0102»
 * (mobile). Toll-free lines keep their national form «01 8000 555 010»: they
 * cannot be dialled from abroad. Anything else is shown as written.
 */
export function displayPhone(phone: string): string {
  const digits = nationalDigits(phone)
  if (digits.length === 10 && /^[36]/.test(digits)) return `+57 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
  if (/^018000\d{6}$/.test(digits)) return `01 8000 ${digits.slice(6, 9)} ${digits.slice(9)}`
  return phone
}

/** The 10 national digits of a phone number (without +57), for comparing numbers written differently. */
export function nationalDigits(text: string): string {
  const digits = text.replace(/\D/g, '')
  return digits.length === 12 && digits.startsWith('57') ? digits.slice(2) : digits
}

export function contactIds(site: SiteManifest | undefined, kind: ContactKind): string[] {
  return Object.keys(site?.contacto?.[CONTACT_KINDS[kind]] ?? {})
}

export function resolveContact(site: SiteManifest | undefined, kind: string, id: string | undefined): ResolvedContact | undefined {
  const c = site?.contacto
  if (!c || !id) return undefined
  switch (kind) {
    case 'telefono': {
      const t = c.telefonos?.[id]
      return t && { text: displayPhone(t.numero), href: telHref(t.numero) }
    }
    case 'correo': {
      const e = c.correos?.[id]
      return e && { text: e.correo, href: `mailto:${e.correo}` }
    }
    case 'direccion': {
      const d = c.direcciones?.[id]
      return d !== undefined ? { text: d } : undefined
    }
    case 'horario': {
      const h = c.horarios?.[id]
      return h !== undefined ? { text: h } : undefined
    }
  }
  return undefined
}

/** «2016 a 2025» (or «2025» for a single year) from the rows' years. */
export function yearRange(rows: Fila[]): string | undefined {
  if (rows.length === 0) return undefined
  const years = rows.map(r => r.anio)
  const min = Math.min(...years)
  const max = Math.max(...years)
  return min === max ? String(min) : `${min} a ${max}`
}

export interface PlaceholderContext {
  site: SiteManifest | undefined
  years?: string
}

/**
 * Replaces the placeholders of one string. In Markdown, phones and e-mails
 * become links; in plain text, their text. Unknown placeholders are left as
 * written (the validator reports them).
 */
export function expandPlaceholders(text: string, ctx: PlaceholderContext, markdown: boolean): string {
  return text.replace(PLACEHOLDER, (whole, kind: string, id: string | undefined) => {
    if (kind === YEARS_PLACEHOLDER && id === undefined) return ctx.years ?? whole
    const c = resolveContact(ctx.site, kind, id)
    if (!c) return whole
    return markdown && c.href ? `[${c.text}](${c.href})` : c.text
  })
}

/** A table cell that is exactly one phone or e-mail placeholder becomes a link cell. */
export function contactCell(cell: string, ctx: PlaceholderContext): { texto: string; url: string } | undefined {
  const m = /^\s*\(\(\s*([a-zA-Záéíóúñ]+)\.([a-zA-Z0-9_-]+)\s*\)\)\s*$/.exec(cell)
  if (!m) return undefined
  const c = resolveContact(ctx.site, m[1]!, m[2])
  return c?.href ? { texto: c.text, url: c.href } : undefined
}

export interface FooterPhone {
  etiqueta: string
  numero: string
  horario?: string
  href: string
}

export interface FooterEmail {
  etiqueta: string
  correo: string
  href: string
}

/** A phone of `contacto.telefonos` by id, with its tel: link (for the footer and other layout parts). */
export function phoneById(site: SiteManifest, id: string): FooterPhone | undefined {
  const t = site.contacto?.telefonos?.[id]
  return t && { etiqueta: t.etiqueta, numero: displayPhone(t.numero), horario: t.horario, href: telHref(t.numero) }
}

export function emailById(site: SiteManifest, id: string): FooterEmail | undefined {
  const e = site.contacto?.correos?.[id]
  return e && { etiqueta: e.etiqueta, correo: e.correo, href: `mailto:${e.correo}` }
}

/** Phones offered when a site search finds nothing (ids of contacto.telefonos), in the browser and without JavaScript. */
export const SEARCH_HELP_PHONES = ['urgencias', 'citas', 'siau']
