import { useData } from 'vike-react/useData'
import { SmartLink } from '../components/SmartLink.tsx'
import { HeaderDisplayControls } from '../header/DisplayControls.tsx'
import { LanguageMenu } from '../header/LanguageMenu.tsx'
import type { LayoutData, PageData } from '../types.ts'

/**
 * Header controls: today's date, font size, grayscale, language selector and
 * the relay-centre link. React renders the markup at build time;
 * activateHeaderControls() (src/renderer/client) gives it its behaviour, from
 * the Layout on hydrated pages and from the client entry on plain-HTML pages.
 */
export function HeaderTools({ layout }: { layout: LayoutData }) {
  const { ruta } = useData<PageData>()
  return (
    <div className="herramientas">
      <span className="fecha-actual" />
      <HeaderDisplayControls />
      <LanguageMenu layout={layout} ruta={ruta} />
      {layout.centroRelevo && <SmartLink url={layout.centroRelevo.url}>{layout.centroRelevo.texto}</SmartLink>}
    </div>
  )
}
