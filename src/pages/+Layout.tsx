// Every style sheet is gathered here, base styles first, so components stay importable by Node scripts
// (npm run generate) and the cascade order is fixed: Pico, site, forms, header controls, then each section's own styles.
import '@picocss/pico/css/pico.min.css'
import '../renderer/styles/site.css'
import '../renderer/styles/forms.css'
import '../renderer/styles/interactive.css'
import '../renderer/styles/sectionStyles.ts'
import { useEffect, type ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { Breadcrumb } from '../renderer/layout/Breadcrumb.tsx'
import { Footer } from '../renderer/layout/Footer.tsx'
import { ApiForm } from '../renderer/forms-ui/ApiForm.tsx'
import { activateEmbeds } from '../renderer/client/embeds.ts'
import { activateHeaderControls } from '../renderer/client/headerControls.ts'
import { activateNewsletterIsland } from '../renderer/client/newsletterLoader.ts'
import { NEWSLETTER_DATA_ID, NEWSLETTER_ISLAND_ID } from '../renderer/client/newsletterIsland.ids.ts'
import { Header } from '../renderer/layout/Header.tsx'
import { KeptInBrowser, LAYOUT_KEPT_IN_BROWSER } from '../renderer/layout/KeptInBrowser.tsx'
import { SideMenu } from '../renderer/layout/SideMenu.tsx'
import type { PageData } from '../renderer/types.ts'

export function Layout({ children }: { children: ReactNode }) {
  const data = useData<PageData>()
  // Only hydrated pages run this component in the browser; plain-HTML pages do the same from their client entry.
  useEffect(() => {
    const deactivate = activateHeaderControls()
    activateEmbeds()
    // Where the footer is hydrated with the page (npm run dev), its form already works.
    if (LAYOUT_KEPT_IN_BROWSER) activateNewsletterIsland()
    return deactivate
  }, [])
  const suscripcion = data.layout.suscripcion
  // Header, breadcrumb, side menu and footer are not hydrated (KeptInBrowser): only the page's own sections are.
  return (
    <>
      <a className="saltar" href="#contenido">
        Saltar al contenido principal
      </a>
      <KeptInBrowser tag="header" className="cabecera">
        <Header layout={data.layout} ruta={data.ruta} />
      </KeptInBrowser>
      <main id="contenido" className="container" tabIndex={-1}>
        {/* The home page has no breadcrumb: «Inicio» alone leads nowhere (docs/decisions/accessibility.md). */}
        {data.breadcrumb.length > 1 && (
          <KeptInBrowser tag="nav" className="migas">
            <Breadcrumb crumbs={data.breadcrumb} />
          </KeptInBrowser>
        )}
        <div className={data.menuLateral ? 'con-menu-lateral' : undefined}>
          <div className="cuerpo-pagina">{children}</div>
          {/* After the page's own content, so on phones its heading comes first; wide screens place it in the left
              column (site.css), a fixed grid cell, so neither column moves as the other arrives. */}
          {data.menuLateral && (
            <KeptInBrowser tag="nav" className="menu-lateral">
              <SideMenu menu={data.menuLateral} current={data.ruta} />
            </KeptInBrowser>
          )}
        </div>
      </main>
      <KeptInBrowser tag="footer" className="pie">
        <Footer layout={data.layout}>
          {suscripcion && (
            <>
              {/* On every page the form is hydrated as an island on first use (src/renderer/client/newsletterLoader.ts). */}
              <div id={NEWSLETTER_ISLAND_ID}>
                <ApiForm prepared={suscripcion} variant="pie" />
              </div>
              <script
                type="application/json"
                id={NEWSLETTER_DATA_ID}
                dangerouslySetInnerHTML={{ __html: JSON.stringify(suscripcion).replace(/</g, '\\u003c') }}
              />
            </>
          )}
        </Footer>
      </KeptInBrowser>
    </>
  )
}
