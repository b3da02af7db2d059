import { SmartLink } from '../components/SmartLink.tsx'
import { HeaderDisplayControls } from '../header/DisplayControls.tsx'
import type { LayoutData } from '../types.ts'

/**
 * The row under the GOV.CO bar: today's date, the display controls (font size, grayscale, high contrast) with
 * the relay-centre link, and the institution's own top links. React renders the markup at build time;
 * activateHeaderControls() (src/renderer/client) gives it its behaviour, from the Layout on hydrated pages and
 * from the client entry on plain-HTML pages. On phones the whole row folds into one control, «Accesibilidad y
 * enlaces» (a <details>: it opens without JavaScript; always open on wider screens), so the page's heading starts
 * within the first 300 px (docs/decisions/accessibility.md).
 */
export function HeaderTools({ layout }: { layout: LayoutData }) {
  return (
    <div className="herramientas">
      <details className="opciones-accesibilidad">
        <summary>Accesibilidad y enlaces</summary>
        <div className="contenido-herramientas">
          <span className="fecha-actual" />
          <div className="controles-cabecera">
            <HeaderDisplayControls />
            {layout.centroRelevo && <SmartLink url={layout.centroRelevo.url}>{layout.centroRelevo.texto}</SmartLink>}
          </div>
          {layout.barraSuperior.length > 0 && (
            <ul className="enlaces-superiores">
              {layout.barraSuperior.map(e => (
                <li key={e.url}>
                  <SmartLink url={e.url}>{e.texto}</SmartLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </details>
    </div>
  )
}
