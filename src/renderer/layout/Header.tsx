import { SmartLink } from '../components/SmartLink.tsx'
import { EXTERNAL_LINK_CLASS } from '../../manifest/externalLinks.ts'
import { ExternalLink } from '../../views/ExternalLink.tsx'
import type { LayoutData } from '../types.ts'
import { LanguageMenu } from '../header/LanguageMenu.tsx'
import { HeaderTools } from './HeaderTools.tsx'
import { RenderedOnce } from './renderedOnce.ts'

/** The national portal every Colombian public site links from its top bar (GOV.CO guidelines, Resolución 1519 de 2020). */
export const GOVCO_URL = 'https://www.gov.co'

export function Header({ layout, ruta }: { layout: LayoutData; ruta: string }) {
  return (
    <header className="cabecera">
      <div className="barra-superior">
        {/* The official GOV.CO bar (GOV.CO design guide, Resolución 1519 de 2020 Anexo 2): #3366CC, 3.5rem high,
            the national logo first and linked to the portal, the language selector at its right. */}
        <div className="barra-govco">
          <div className="container">
            {/* width and height reserve the logo's box before the SVG loads (no layout shift). The bar is the GOV.CO
                guide's, logo only: no visible «(sale del sitio)» here (it widened the link to 281 px at 412 px and
                pushed the language selector to a second line); screen readers still hear that it opens a new window. */}
            <ExternalLink href={GOVCO_URL} className={`${EXTERNAL_LINK_CLASS} logo-govco`}>
              {layout.logosGobierno ? (
                <img src={layout.logosGobierno.govco.url} alt={layout.logosGobierno.govco.textoAlternativo} width={140} height={30} />
              ) : (
                'GOV.CO'
              )}
            </ExternalLink>
            <LanguageMenu layout={layout} ruta={ruta} />
          </div>
        </div>
        <div className="container">
          {/* The same on every page (no route in it): rendered once per pre-render (renderedOnce.ts). */}
          <RenderedOnce tag="div" className="herramientas" sameOnEveryPage={layout}>
            <HeaderTools layout={layout} />
          </RenderedOnce>
        </div>
      </div>
      <div className="container identidad">
        {layout.identidad?.logo ? (
          // The hospital's own logo beside its name, under the GOV.CO bar (identidad.logo in site.yaml).
          <a href="/" className="marca con-logo">
            {/* The file's own size reserves the logo's box (the style sheet sets its height): the name beside it does not move. */}
            <img
              className="logo-hospital"
              src={layout.identidad.logo.url}
              alt={layout.identidad.logo.textoAlternativo}
              width={layout.identidad.logoSize?.width}
              height={layout.identidad.logoSize?.height}
            />
            <span>
              <strong>{layout.nombreCorto}</strong>
              <small>{layout.nombre}</small>
            </span>
          </a>
        ) : (
          <a href="/" className="marca">
            <strong>{layout.nombreCorto}</strong>
            <small>{layout.nombre}</small>
          </a>
        )}
        <form role="search" action="/buscar" method="get" className="buscador-cabecera" aria-label="Buscar en el sitio">
          <label htmlFor="buscar-sitio" className="visually-hidden">
            Buscar en el sitio
          </label>
          <input id="buscar-sitio" type="search" name="q" placeholder="Buscar en el sitio" autoComplete="off" required />
          <button type="submit">Buscar</button>
        </form>
      </div>
      <nav aria-label="Menú principal" className="menu-principal">
        <div className="container">
          <details className="menu-plegable">
            <summary>Menú</summary>
            <ul>
              {layout.menu.map(e => (
                <li key={e.url}>
                  {e.url === ruta ? (
                    <a href={e.url} aria-current="page">
                      {e.texto}
                    </a>
                  ) : (
                    <SmartLink url={e.url} cue={false}>
                      {e.texto}
                    </SmartLink>
                  )}
                </li>
              ))}
            </ul>
          </details>
        </div>
      </nav>
    </header>
  )
}
