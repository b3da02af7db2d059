/**
 * A hospital's own identity inside the GOV.CO frame (docs/decisions/documents-and-placeholders.md): its logo and institutional colours, from
 * `identidad` in site.yaml. The colours reach the pages through a style sheet generated per site at build time
 * (`/identidad.css`): the Content-Security-Policy allows style sheets of the site only (`style-src 'self'`), never a
 * style attribute or a <style> tag. Without `identidad` nothing is generated and no page links it, so a site
 * without it is byte for byte what it was.
 *
 * Which text each colour carries (the pairs the validator checks, src/manifest/checks/identity.ts):
 * - `primario` is the background of the header band under the GOV.CO bar and of the buttons, with WHITE text
 *   (the base style sheets write that text white in many rules), and the colour of links and headings on the
 *   page's white background: both are one pair, `primario` against white.
 * - `fondoClaro` is the background of the main menu band and of light panels, with `primario` as its link text.
 * The shades this module derives (hover, the light background when not given, the menu's border) are chosen so
 * that they never contrast less than the colours they come from.
 */
import Color from 'color'
import type { SiteManifest } from './types.generated.ts'

export type Identity = NonNullable<SiteManifest['identidad']>
export type IdentityColors = NonNullable<Identity['colores']>

/** The generated style sheet, at the root of the site (public/ at build time). */
export const IDENTITY_STYLESHEET = 'identidad.css'

/** WCAG 2.1 success criterion 1.4.3 (contrast, minimum), level AA, for normal-size text. */
export const AA_NORMAL_TEXT = 4.5

const WHITE = '#ffffff'
const BLACK = '#000000'

/** Contrast ratio as WCAG 2.1 defines it (relative luminance), computed by the `color` library. */
export function contrastRatio(a: string, b: string): number {
  return Color(a).contrast(Color(b))
}

/** A ratio as staff read it: «3,52:1», truncated (never rounded up to a passing value). */
export function formatRatio(ratio: number): string {
  return `${String(Math.floor(ratio * 100) / 100).replace('.', ',')}:1`
}

/** A colour pair the validator checks: which key holds each colour, and which text the pair carries. */
export interface ColorPair {
  /** Key of `colores` where a failing pair is reported. */
  key: keyof IdentityColors
  text: string
  background: string
  ratio: number
  /** In Spanish: what text the pair carries. */
  carries: string
}

/** Every pair of written colours that carries text (the derived shades are chosen to keep these contrasts). */
export function colorPairs(colors: IdentityColors): ColorPair[] {
  const pair = (key: ColorPair['key'], text: string, background: string, carries: string): ColorPair => ({
    key,
    text,
    background,
    ratio: contrastRatio(text, background),
    carries,
  })
  const pairs = [
    pair(
      'primario',
      WHITE,
      colors.primario,
      'el texto blanco de la cabecera y de los botones sobre este color, ni los enlaces y títulos de este color sobre el fondo blanco de la página',
    ),
  ]
  if (colors.fondoClaro)
    pairs.push(pair('fondoClaro', colors.primario, colors.fondoClaro, 'los enlaces del menú principal (color «primario») sobre este fondo'))
  return pairs
}

const hex = (c: ReturnType<typeof Color>) => c.hex().toLowerCase()

/** The palette the style sheet writes: the written colours and the shades derived from them. */
export interface Palette {
  primary: string
  /** Buttons and links under the pointer: `primario` 20% darker (white text and white page gain contrast). */
  hover: string
  lightBackground: string
  /** Thin border of the light menu band. */
  borde: string
  /** `primario` as «r, g, b», for the translucent underline and focus ring. */
  rgb: string
}

export function palette(colors: IdentityColors): Palette {
  const primary = Color(colors.primario)
  // The lightest tint of the primary colour that still carries it as link text at AA; plain white at worst, which
  // passes whenever the primary colour itself passes against white.
  const tint = [0.9, 0.94, 0.97, 1].map(w => hex(primary.mix(Color(WHITE), w))).find(c => contrastRatio(colors.primario, c) >= AA_NORMAL_TEXT)
  return {
    primary: hex(primary),
    hover: hex(primary.mix(Color(BLACK), 0.2)),
    lightBackground: colors.fondoClaro?.toLowerCase() ?? tint ?? WHITE,
    borde: hex(primary.mix(Color(WHITE), 0.75)),
    rgb: primary.rgb().array().map(Math.round).join(', '),
  }
}

/**
 * The style sheet of a site with `identidad`: Pico's and the site's colour variables, the colours the base style
 * sheets write literally (kept there so the default site's files do not change), and the logo beside the name.
 * Its rules match the base sheets' selectors and it is linked after them (src/pages/+Head.tsx), so it wins.
 */
export function identityStylesheet(identity: Identity): string {
  const lines = ['/* Identidad del hospital (manifest/site.yaml, «identidad»): se genera al compilar; no lo edite. */']
  if (identity.colores) {
    const p = palette(identity.colores)
    lines.push(
      ":root[data-theme='light'],",
      ':root {',
      `  --pico-primary: ${p.primary};`,
      `  --pico-primary-background: ${p.primary};`,
      `  --pico-primary-hover: ${p.hover};`,
      `  --pico-primary-hover-background: ${p.hover};`,
      `  --pico-primary-underline: rgba(${p.rgb}, 0.5);`,
      `  --pico-primary-focus: rgba(${p.rgb}, 0.35);`,
      '  --pico-primary-inverse: #fff;',
      `  --institucional: ${p.primary};`,
      `  --institucional-claro: ${p.lightBackground};`,
      '}',
      // The base sheets write these in the template's green (site.css, interactive.css, forms.css, sections).
      `.menu-principal { border-block-color: ${p.borde}; }`,
      `.barra-superior .control-cabecera[aria-pressed='true'] { color: ${p.primary}; }`,
      `.barra-superior .control-cabecera[aria-pressed='true']:hover { background: ${p.lightBackground}; }`,
      `.aviso-exito { border-color: ${p.primary}; }`,
      `.ruta-resultado, .veredicto.aprobado { color: ${p.primary}; }`,
    )
  }
  if (identity.logo)
    lines.push(
      '.marca.con-logo { flex-direction: row; align-items: center; gap: 0.75rem; }',
      '.marca.con-logo > span { display: flex; flex-direction: column; }',
      '.logo-hospital { height: 4rem; width: auto; max-width: 12rem; object-fit: contain; }',
    )
  return `${lines.join('\n')}\n`
}

/** What `identityStylesheetHref` gives: the server's own pages link it too (src/server/nativePages.ts). */
export const IDENTITY_HREF = /^\/identidad\.css\?v=[0-9a-f]{8}$/

/** The address pages link: the file with a hash of its text, so a browser never keeps an old palette. */
export function identityStylesheetHref(css: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < css.length; i++) h = Math.imul(h ^ css.charCodeAt(i), 0x01000193) >>> 0
  return `/${IDENTITY_STYLESHEET}?v=${h.toString(16).padStart(8, '0')}`
}
