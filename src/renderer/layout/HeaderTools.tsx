import { SmartLink } from '../components/SmartLink.tsx'
import type { LayoutData } from '../types.ts'

/** Relay-centre link; the browser-side controls (date, font size, grayscale, language) join here. */
export function HeaderTools({ layout }: { layout: LayoutData }) {
  return (
    <div className="herramientas">
      {layout.centroRelevo && <SmartLink url={layout.centroRelevo.url}>{layout.centroRelevo.texto}</SmartLink>}
    </div>
  )
}
