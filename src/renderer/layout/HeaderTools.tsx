import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { SmartLink } from '../components/SmartLink.tsx'
import { activarCabecera } from '../client/cabecera.ts'
import { ControlesCabecera } from '../header/ControlesPresentacion.tsx'
import { Idiomas } from '../header/Idiomas.tsx'
import type { LayoutData, PageData } from '../types.ts'

/**
 * Header controls: today's date, font size, grayscale, language selector and
 * the relay-centre link. React renders the markup; activarCabecera() gives it
 * its behaviour, here after hydration and on plain-HTML pages from their
 * client entry.
 */
export function HeaderTools({ layout }: { layout: LayoutData }) {
  const { ruta, interactiva } = useData<PageData>()
  useEffect(() => (interactiva ? activarCabecera() : undefined), [interactiva, ruta])
  return (
    <div className="herramientas">
      <span className="fecha-actual" />
      <ControlesCabecera />
      <Idiomas layout={layout} ruta={ruta} />
      {layout.centroRelevo && <SmartLink url={layout.centroRelevo.url}>{layout.centroRelevo.texto}</SmartLink>}
    </div>
  )
}
