import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { SmartLink } from '../components/SmartLink.tsx'
import { activateHeaderControls } from '../client/headerControls.ts'
import { HeaderDisplayControls } from '../header/DisplayControls.tsx'
import { LanguageMenu } from '../header/LanguageMenu.tsx'
import type { LayoutData, PageData } from '../types.ts'

/**
 * Header controls: today's date, font size, grayscale, language selector and
 * the relay-centre link. React renders the markup; activateHeaderControls() gives it
 * its behaviour, here after hydration and on plain-HTML pages from their
 * client entry.
 */
export function HeaderTools({ layout }: { layout: LayoutData }) {
  const { ruta, interactive } = useData<PageData>()
  useEffect(() => (interactive ? activateHeaderControls() : undefined), [interactive, ruta])
  return (
    <div className="herramientas">
      <span className="fecha-actual" />
      <HeaderDisplayControls />
      <LanguageMenu layout={layout} ruta={ruta} />
      {layout.centroRelevo && <SmartLink url={layout.centroRelevo.url}>{layout.centroRelevo.texto}</SmartLink>}
    </div>
  )
}
