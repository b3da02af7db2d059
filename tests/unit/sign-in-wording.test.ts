/**
 * The sign-in page says «Inicia Sesión» (the specification's title of /acceder, verbatim) everywhere: its title,
 * its breadcrumb's last crumb, and the no-script sign-in page the server answers after a failed attempt
 * (docs/decisions/office.md).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { breadcrumbFor } from '../../src/renderer/pageData.ts'
import { SignInPage } from '../../src/server/features/office/views/SignInPage.tsx'

const SPEC_TITLE = 'Inicia Sesión'

describe('the sign-in page’s name', () => {
  it('is the same in the title, the breadcrumb and the server’s sign-in page', () => {
    const { manifest } = loadManifest()
    const page = manifest.pages.find(p => p.data.ruta === '/acceder')!.data
    expect(page.titulo).toBe(SPEC_TITLE)
    expect(breadcrumbFor(manifest, '/acceder').at(-1)?.label).toBe(SPEC_TITLE)
    const html = renderToStaticMarkup(
      SignInPage({ ctx: { siteName: 'Hospital', styles: [] }, message: 'Correo o contraseña incorrectos.', correo: '', needsCode: false }),
    )
    expect(/<h1>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(SPEC_TITLE)
  })
})
