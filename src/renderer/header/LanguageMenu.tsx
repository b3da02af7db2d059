import { ExternalLink } from '../../views/ExternalLink.tsx'
import type { LayoutData } from '../types.ts'

import { NOT_FOUND_ROUTE } from '../../manifest/urls.ts'
import { translationUrl } from './translation.ts'

/** English first among the translations: the foreign language most Colombian visitors read; the others keep site.yaml's order. */
function languagesInOrder<T extends { codigo: string }>(idiomas: readonly T[]): T[] {
  return [...idiomas.filter(i => i.codigo === 'en'), ...idiomas.filter(i => i.codigo !== 'en' && i.codigo !== 'es')]
}

/**
 * Language selector: plain links to a machine translation of the current
 * page, so it works without JavaScript. The pre-rendered links point at the
 * page's public address; activateHeaderControls() adds the query string in the
 * browser (a search, for instance).
 */
export function LanguageMenu({ layout, ruta: route }: { layout: LayoutData; ruta: string }) {
  // The «not found» page has no address of its own (it answers any unknown one): its language links lead to the home page.
  const ruta = route === NOT_FOUND_ROUTE ? '/' : route
  const actual = (layout.urlPublica ?? '') + ruta
  if (layout.idiomas.length === 0) return null
  return (
    <details className="idiomas" data-base={layout.urlPublica ?? ''}>
      <summary>
        Idioma<span className="visually-hidden">: traducir esta página</span>
      </summary>
      <ul>
        {/* Spanish first (the page as it is), English next, then the rest as site.yaml lists them; each name in its own language. */}
        <li>
          <a href={ruta} lang="es" aria-current={ruta === route ? 'page' : undefined}>
            Español
          </a>
        </li>
        {languagesInOrder(layout.idiomas).map(i => (
          <li key={i.codigo}>
            <ExternalLink
              href={translationUrl(i.codigo, actual)}
              lang={i.codigo}
              hrefLang={i.codigo}
              data-idioma={i.codigo}
              noticeLang="es"
              notice=" (traducción automática, abre en una ventana nueva)"
            >
              {i.nombre}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </details>
  )
}
