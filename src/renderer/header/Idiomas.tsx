import { useEffect, useState } from 'react'
import type { LayoutData } from '../types.ts'

/** Address of a machine translation of `url` from Spanish into `idioma`. */
export function urlTraduccion(idioma: string, url: string): string {
  return `https://translate.google.com/translate?sl=es&tl=${encodeURIComponent(idioma)}&u=${encodeURIComponent(url)}`
}

/**
 * Language selector: plain links to a machine translation of the current
 * page, so it works without JavaScript. The pre-rendered links point at the
 * page's public address; in the browser they also carry the query string
 * (a search, for instance).
 */
export function Idiomas({ layout, ruta }: { layout: LayoutData; ruta: string }) {
  const base = layout.urlPublica ?? ''
  const [actual, setActual] = useState(base + ruta)
  useEffect(() => {
    setActual((layout.urlPublica ?? window.location.origin) + window.location.pathname + window.location.search)
  }, [layout.urlPublica, ruta])
  if (layout.idiomas.length === 0) return null
  return (
    <details className="idiomas">
      <summary>
        Idioma<span className="visually-hidden">: traducir esta página</span>
      </summary>
      <ul>
        {layout.idiomas.map((i) => (
          <li key={i.codigo}>
            <a href={urlTraduccion(i.codigo, actual)} lang={i.codigo} hrefLang={i.codigo} target="_blank" rel="noopener noreferrer" data-idioma={i.codigo}>
              {i.nombre}
              <span className="visually-hidden" lang="es">
                {' '}
                (traducción automática, abre en una ventana nueva)
              </span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
