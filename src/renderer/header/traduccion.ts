/** Address of a machine translation of `url` from Spanish into `idioma`. */
export function urlTraduccion(idioma: string, url: string): string {
  return `https://translate.google.com/translate?sl=es&tl=${encodeURIComponent(idioma)}&u=${encodeURIComponent(url)}`
}
