import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { SmartLink } from '../components/SmartLink.tsx'
import { aplicarPreferencias } from '../client/presentacion.ts'
import { ControlesCabecera } from '../header/ControlesPresentacion.tsx'
import { FechaActual } from '../header/FechaActual.tsx'
import { Idiomas } from '../header/Idiomas.tsx'
import type { LayoutData, PageData } from '../types.ts'
import '../styles/interactive.css'

/** Header controls: today's date, font size, grayscale, language selector and the relay-centre link. */
export function HeaderTools({ layout }: { layout: LayoutData }) {
  const { ruta } = useData<PageData>()
  // public/preferencias.js already applied the stored choices before the first paint; this covers a missing or stale copy.
  useEffect(() => aplicarPreferencias(), [])
  return (
    <div className="herramientas">
      <FechaActual />
      <ControlesCabecera />
      <Idiomas layout={layout} ruta={ruta} />
      {layout.centroRelevo && <SmartLink url={layout.centroRelevo.url}>{layout.centroRelevo.texto}</SmartLink>}
    </div>
  )
}
