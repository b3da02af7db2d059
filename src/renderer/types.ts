import type { PreparedForm } from '../forms/prepared.ts'
import type { LogoSize } from '../manifest/logoSize.ts'
import type { FooterEmail, FooterPhone } from '../manifest/placeholders.ts'
import type { Enlace, MenuLateral, PageManifest, Pie, Seccion, SiteManifest } from '../manifest/types.generated.ts'

/**
 * What a section type needs beyond its manifest fields, filled in at
 * pre-render time by its module's preparer. Each module adds its own entry
 * from its folder (`declare module '../../types.ts'`), so the type lives with
 * the section. Markdown fields already hold sanitized HTML once prepared.
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, so each section's folder can add its fields by declaration merging
export interface PreparedExtras {}

export type SectionType = Seccion['tipo']

export type PreparedSectionOf<K extends SectionType> = Omit<Extract<Seccion, { tipo: K }>, keyof PreparedExtrasOf<K>> & PreparedExtrasOf<K>

type PreparedExtrasOf<K extends SectionType> = K extends keyof PreparedExtras ? PreparedExtras[K] : Record<never, never>

export type PreparedSection = { [K in SectionType]: PreparedSectionOf<K> }[SectionType]

export interface Crumb {
  label: string
  url: string
}

export interface ResolvedPie extends Omit<Pie, 'telefonos' | 'correos'> {
  telefonos: FooterPhone[]
  correos: FooterEmail[]
}

export interface LayoutIdentity {
  logo?: NonNullable<SiteManifest['identidad']>['logo']
  /** The logo file's own width and height (src/manifest/logoSize.ts), which reserve its box before it loads. */
  logoSize?: LogoSize
  /** Address of the site's generated style sheet, with its version (src/manifest/siteIdentity.ts). */
  stylesheet: string
  /** The primary colour, for the browser's theme colour. */
  themeColor?: string
}

export interface LayoutData {
  nombre: string
  nombreCorto: string
  ultimaActualizacion: string
  barraSuperior: Enlace[]
  logosGobierno?: SiteManifest['logosGobierno']
  /** The hospital's own logo and colours (`identidad` in site.yaml); absent without it, so such pages do not change. */
  identidad?: LayoutIdentity
  /** Municipality, department and postal code shown with the address in the footer (contacto.entidad). */
  entidad?: NonNullable<NonNullable<SiteManifest['contacto']>['entidad']>
  centroRelevo?: Enlace
  idiomas: NonNullable<SiteManifest['idiomas']>
  menu: Enlace[]
  /** The footer with its phones and e-mails looked up in `contacto` (site.yaml). */
  pie: ResolvedPie
  urlPublica?: string
  /** Newsletter form of the footer (manifest/forms/suscripcion.yaml), prepared at pre-render time. */
  suscripcion?: PreparedForm
}

export interface PageData {
  ruta: string
  /** true when the page is hydrated by React; false for plain-HTML pages. */
  interactive: boolean
  titulo: string
  descripcion: string
  muestra: boolean
  redirigirA?: string
  secciones: PreparedSection[]
  breadcrumb: Crumb[]
  menuLateral?: MenuLateral
  layout: LayoutData
}

export type { PageManifest }
