/**
 * The visitor's presentation choices (font size, grayscale), kept in
 * localStorage and applied as classes on <html>. public/preferencias.js
 * applies the same keys before the first paint of every full page load
 * (an external file because the CSP forbids inline scripts): keep the two
 * in step.
 */
export type TamanoFuente = 'normal' | 'grande' | 'pequena'

export interface Preferencias {
  fuente: TamanoFuente
  gris: boolean
}

export const CLAVE_FUENTE = 'ese-fuente'
export const CLAVE_GRIS = 'ese-gris'
const CLASES_FUENTE: Record<Exclude<TamanoFuente, 'normal'>, string> = { grande: 'fuente-grande', pequena: 'fuente-pequena' }
const CLASE_GRIS = 'escala-gris'
const EVENTO = 'ese:preferencias'
export const POR_DEFECTO = 'normal|0'

function leer(clave: string): string | null {
  try {
    return window.localStorage.getItem(clave)
  } catch {
    return null // storage disabled: choices last for this page only
  }
}

function escribir(clave: string, valor: string | null): void {
  try {
    if (valor === null) window.localStorage.removeItem(clave)
    else window.localStorage.setItem(clave, valor)
  } catch {
    /* storage disabled */
  }
}

/** Last choice made on this page, for browsers without storage. */
let enMemoria: string | null = null

export function instantanea(): string {
  if (enMemoria !== null) return enMemoria
  const f = leer(CLAVE_FUENTE)
  const fuente: TamanoFuente = f === 'grande' || f === 'pequena' ? f : 'normal'
  return `${fuente}|${leer(CLAVE_GRIS) === '1' ? 1 : 0}`
}

export function decodificar(s: string): Preferencias {
  const [fuente, gris] = s.split('|')
  return { fuente: (fuente as TamanoFuente) ?? 'normal', gris: gris === '1' }
}

/** Puts the classes of the stored choices on <html> (idempotent). */
export function aplicarPreferencias(p: Preferencias = decodificar(instantanea())): void {
  const html = document.documentElement
  html.classList.toggle(CLASES_FUENTE.grande, p.fuente === 'grande')
  html.classList.toggle(CLASES_FUENTE.pequena, p.fuente === 'pequena')
  html.classList.toggle(CLASE_GRIS, p.gris)
}

function guardar(p: Preferencias): void {
  escribir(CLAVE_FUENTE, p.fuente === 'normal' ? null : p.fuente)
  escribir(CLAVE_GRIS, p.gris ? '1' : null)
  enMemoria = `${p.fuente}|${p.gris ? 1 : 0}`
  aplicarPreferencias(p)
  window.dispatchEvent(new Event(EVENTO))
}

export function cambiarFuente(fuente: TamanoFuente): void {
  guardar({ ...decodificar(instantanea()), fuente })
}

export function cambiarGris(gris: boolean): void {
  guardar({ ...decodificar(instantanea()), gris })
}

/** Calls `avisar` whenever the choices change, in this tab or another one. */
export function suscribir(avisar: () => void): () => void {
  const alCambiarOtraPestana = (e: StorageEvent) => {
    if (e.key !== CLAVE_FUENTE && e.key !== CLAVE_GRIS && e.key !== null) return
    enMemoria = null
    aplicarPreferencias()
    avisar()
  }
  window.addEventListener(EVENTO, avisar)
  window.addEventListener('storage', alCambiarOtraPestana)
  return () => {
    window.removeEventListener(EVENTO, avisar)
    window.removeEventListener('storage', alCambiarOtraPestana)
  }
}

/** The stored choices now. */
export function preferenciasActuales(): Preferencias {
  return decodificar(instantanea())
}
