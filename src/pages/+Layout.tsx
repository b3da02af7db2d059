// Every style sheet is gathered here, base styles first, so components stay importable by Node scripts
// (npm run generate) and the cascade order is fixed: Pico, site, forms, header controls, then each section's own styles.
import '@picocss/pico/css/pico.min.css'
import '../renderer/styles/site.css'
import '../renderer/styles/forms.css'
import '../renderer/styles/interactive.css'
import { useEffect, type ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { Breadcrumb } from '../renderer/layout/Breadcrumb.tsx'
import { Footer } from '../renderer/layout/Footer.tsx'
import { ApiForm } from '../renderer/forms-ui/ApiForm.tsx'
import { activateEmbeds } from '../renderer/client/embeds.ts'
import { NEWSLETTER_DATA_ID, NEWSLETTER_ISLAND_ID } from '../renderer/client/newsletterIsland.ids.ts'
import { Header } from '../renderer/layout/Header.tsx'
import { SideMenu } from '../renderer/layout/SideMenu.tsx'
import type { PageData } from '../renderer/types.ts'

// A section type's styles live in its folder (src/renderer/sections/<tipo>/styles.css).
import.meta.glob('../renderer/sections/*/styles.css', { eager: true })

export function Layout({ children }: { children: ReactNode }) {
  const data = useData<PageData>()
  useEffect(() => activateEmbeds(), [])
  const suscripcion = data.layout.suscripcion
  return (
    <>
      <a className="saltar" href="#contenido">
        Saltar al contenido principal
      </a>
      <Header layout={data.layout} ruta={data.ruta} />
      <main id="contenido" className="container" tabIndex={-1}>
        <Breadcrumb crumbs={data.breadcrumb} />
        <div className={data.menuLateral ? 'con-menu-lateral' : undefined}>
          {data.menuLateral && <SideMenu menu={data.menuLateral} current={data.ruta} />}
          <div className="cuerpo-pagina">{children}</div>
        </div>
      </main>
      <Footer layout={data.layout}>
        {suscripcion && (
          <>
            {/* On plain-HTML pages the same form is hydrated as an island on first use (see src/pages/contenido/+client.ts). */}
            <div id={NEWSLETTER_ISLAND_ID}>
              <ApiForm prepared={suscripcion} variant="pie" />
            </div>
            {!data.interactive && <script type="application/json" id={NEWSLETTER_DATA_ID} dangerouslySetInnerHTML={{ __html: JSON.stringify(suscripcion).replace(/</g, '\\u003c') }} />}
          </>
        )}
      </Footer>
    </>
  )
}
