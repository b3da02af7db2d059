import { setFontSize, setGrayscale, setHighContrast, type FontSize } from '../client/displayPreferences.ts'
import { useDisplayPreferences } from './useDisplayPreferences.ts'

const FONT_BUTTONS: Array<{ fuente: FontSize; visible: string; nombre: string }> = [
  { fuente: 'grande', visible: 'A+', nombre: 'Aumentar tamaño de letra' },
  { fuente: 'normal', visible: 'A', nombre: 'Tamaño de letra normal' },
  { fuente: 'pequena', visible: 'A-', nombre: 'Disminuir tamaño de letra' },
]

/**
 * Compact controls of the header: A+ / A / A-, the grayscale and high-contrast toggles. Only
 * markup (the default state): activateHeaderControls() gives them their behaviour on
 * every page, hydrated or not, so there is one implementation.
 */
export function HeaderDisplayControls() {
  return (
    <>
      <div role="group" aria-label="Tamaño de letra" className="controles-fuente">
        {FONT_BUTTONS.map(b => (
          <button
            key={b.fuente}
            type="button"
            className="control-cabecera"
            data-fuente={b.fuente}
            aria-pressed={b.fuente === 'normal'}
            aria-label={`${b.visible}, ${b.nombre.toLowerCase()}`}
            title={b.nombre}
          >
            {b.visible}
          </button>
        ))}
      </div>
      <button type="button" className="control-cabecera" data-gris="" aria-pressed={false}>
        <span aria-hidden="true">◐ </span>Escala de grises
      </button>
      <button type="button" className="control-cabecera" data-contraste="" aria-pressed={false}>
        <span aria-hidden="true">◑ </span>Alto contraste
      </button>
    </>
  )
}

const FONT_SIZE_NAMES: Record<FontSize, string> = { normal: 'normal', grande: 'aumentado', pequena: 'reducido' }

/** Full controls of /accesibilidad: enlarge, reduce, reset; grayscale and high contrast on and off. */
export function AccessibilityControls() {
  const { fuente, gris, contraste } = useDisplayPreferences()
  return (
    <div className="controles-accesibilidad">
      <fieldset>
        <legend>Tamaño de la letra</legend>
        <div className="botones-accesibilidad">
          <button type="button" onClick={() => setFontSize('grande')}>
            Aumentar letra
          </button>
          <button type="button" onClick={() => setFontSize('pequena')}>
            Disminuir letra
          </button>
          <button type="button" className="secondary" onClick={() => setFontSize('normal')}>
            Restablecer letra
          </button>
        </div>
      </fieldset>
      <fieldset>
        <legend>Escala de grises</legend>
        <div className="botones-accesibilidad">
          <button type="button" onClick={() => setGrayscale(true)}>
            Activar escala de grises
          </button>
          <button type="button" className="secondary" onClick={() => setGrayscale(false)}>
            Desactivar escala de grises
          </button>
        </div>
      </fieldset>
      <fieldset>
        <legend>Alto contraste</legend>
        <div className="botones-accesibilidad">
          <button type="button" onClick={() => setHighContrast(true)}>
            Activar alto contraste
          </button>
          <button type="button" className="secondary" onClick={() => setHighContrast(false)}>
            Desactivar alto contraste
          </button>
        </div>
      </fieldset>
      <p role="status" className="estado-accesibilidad">
        Tamaño de letra: {FONT_SIZE_NAMES[fuente]}. Escala de grises: {gris ? 'activada' : 'desactivada'}. Alto contraste:{' '}
        {contraste ? 'activado' : 'desactivado'}.
      </p>
      <noscript>
        <p>Estos controles necesitan JavaScript. También puede ampliar la página con el zoom de su navegador (Ctrl y +).</p>
      </noscript>
    </div>
  )
}
