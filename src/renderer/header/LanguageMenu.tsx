import { ExternalLink } from '../components/ExternalLink.tsx'
import type { LayoutData } from '../types.ts'

import { translationUrl } from './translation.ts'

/**
 * Language selector: plain links to a machine translation of the current
 * page, so it works without JavaScript. The pre-rendered links point at the
 * page's public address; activateHeaderControls() adds the query string in the
 * browser (a search, for instance).
 */
export function LanguageMenu({ layout, ruta }: { layout: LayoutData; ruta: string }) {
  const actual = (layout.urlPublica ?? '') + ruta
  if (layout.idiomas.length === 0) return null
  return (
    <details className="idiomas" data-base={layout.urlPublica ?? ''}>
      <summary>
        Idioma<span className="visually-hidden">: traducir esta página</span>
      </summary>
      <ul>
        {layout.idiomas.map((i) => (
          <li key={i.codigo}>
            <ExternalLink href={translationUrl(i.codigo, actual)} lang={i.codigo} hrefLang={i.codigo} data-idioma={i.codigo} noticeLang="es" notice=" (traducción automática, abre en una ventana nueva)">
              {i.nombre}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </details>
  )
}
