/**
 * The visitor's presentation choices (font size, grayscale, high contrast), kept in
 * localStorage and applied as classes on <html>. public/preferencias.js
 * applies the same keys before the first paint of every full page load
 * (an external file because the CSP forbids inline scripts): keep the two
 * in step.
 */
export type FontSize = 'normal' | 'grande' | 'pequena'

export interface DisplayPreferences {
  fuente: FontSize
  gris: boolean
  contraste: boolean
}

export const FONT_SIZE_KEY = 'ese-fuente'
export const GRAYSCALE_KEY = 'ese-gris'
export const HIGH_CONTRAST_KEY = 'ese-contraste'
const FONT_SIZE_CLASSES: Record<Exclude<FontSize, 'normal'>, string> = { grande: 'fuente-grande', pequena: 'fuente-pequena' }
const GRAYSCALE_CLASS = 'escala-gris'
const HIGH_CONTRAST_CLASS = 'alto-contraste'
const CHANGE_EVENT = 'ese:preferencias'
export const DEFAULT_SNAPSHOT = 'normal|0|0'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null // storage disabled: choices last for this page only
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    /* storage disabled */
  }
}

/** Last choice made on this page, for browsers without storage. */
let inMemory: string | null = null

export function snapshot(): string {
  if (inMemory !== null) return inMemory
  const f = read(FONT_SIZE_KEY)
  const fuente: FontSize = f === 'grande' || f === 'pequena' ? f : 'normal'
  return `${fuente}|${read(GRAYSCALE_KEY) === '1' ? 1 : 0}|${read(HIGH_CONTRAST_KEY) === '1' ? 1 : 0}`
}

export function decode(s: string): DisplayPreferences {
  const [fuente, gris, contraste] = s.split('|')
  return { fuente: (fuente as FontSize) ?? 'normal', gris: gris === '1', contraste: contraste === '1' }
}

/** Puts the classes of the stored choices on <html> (idempotent). */
export function applyDisplayPreferences(p: DisplayPreferences = decode(snapshot())): void {
  const html = document.documentElement
  html.classList.toggle(FONT_SIZE_CLASSES.grande, p.fuente === 'grande')
  html.classList.toggle(FONT_SIZE_CLASSES.pequena, p.fuente === 'pequena')
  html.classList.toggle(GRAYSCALE_CLASS, p.gris)
  html.classList.toggle(HIGH_CONTRAST_CLASS, p.contraste)
}

function save(p: DisplayPreferences): void {
  write(FONT_SIZE_KEY, p.fuente === 'normal' ? null : p.fuente)
  write(GRAYSCALE_KEY, p.gris ? '1' : null)
  write(HIGH_CONTRAST_KEY, p.contraste ? '1' : null)
  inMemory = `${p.fuente}|${p.gris ? 1 : 0}|${p.contraste ? 1 : 0}`
  applyDisplayPreferences(p)
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

export function setFontSize(fuente: FontSize): void {
  save({ ...decode(snapshot()), fuente })
}

export function setGrayscale(gris: boolean): void {
  save({ ...decode(snapshot()), gris })
}

export function setHighContrast(contraste: boolean): void {
  save({ ...decode(snapshot()), contraste })
}

/** Calls `notify` whenever the choices change, in this tab or another one. */
export function subscribe(notify: () => void): () => void {
  const onOtherTabChange = (e: StorageEvent) => {
    if (e.key !== FONT_SIZE_KEY && e.key !== GRAYSCALE_KEY && e.key !== HIGH_CONTRAST_KEY && e.key !== null) return
    inMemory = null
    applyDisplayPreferences()
    notify()
  }
  window.addEventListener(CHANGE_EVENT, notify)
  window.addEventListener('storage', onOtherTabChange)
  return () => {
    window.removeEventListener(CHANGE_EVENT, notify)
    window.removeEventListener('storage', onOtherTabChange)
  }
}

/** The stored choices now. */
export function currentDisplayPreferences(): DisplayPreferences {
  return decode(snapshot())
}
