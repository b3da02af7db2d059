/** Address of a machine translation of `url` from Spanish into `language`. */
export function translationUrl(language: string, url: string): string {
  return `https://translate.google.com/translate?sl=es&tl=${encodeURIComponent(language)}&u=${encodeURIComponent(url)}`
}
