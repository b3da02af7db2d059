import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent } from 'react'
import type { Diapositiva } from '../../../manifest/types.generated.ts'
import type { PreparedSectionOf } from '../../types.ts'
import { ExternalLink } from '../../../views/ExternalLink.tsx'

const INTERVALO_POR_DEFECTO = 3000 // spec §9

const CONSULTA_MOVIMIENTO = '(prefers-reduced-motion: reduce)'

function subscribeToMotionSetting(avisar: () => void): () => void {
  const mq = window.matchMedia(CONSULTA_MOVIMIENTO)
  mq.addEventListener('change', avisar)
  return () => mq.removeEventListener('change', avisar)
}

/** true when the visitor asked the system for less motion (false while pre-rendering). */
function useMovimientoReducido(): boolean {
  return useSyncExternalStore(
    subscribeToMotionSetting,
    () => window.matchMedia(CONSULTA_MOVIMIENTO).matches,
    () => false,
  )
}

/** What the visitor chose with the pause/play button; «auto» follows prefers-reduced-motion. */
type Eleccion = 'auto' | 'reproducir' | 'pausar'

function Imagen({ d, indice }: { d: Diapositiva; indice: number }) {
  return (
    <img
      src={d.src}
      alt={d.alt}
      width={d.ancho ?? 1200}
      height={d.alto ?? 400}
      decoding="async"
      {...(indice === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  )
}

/**
 * Banner carousel following the WAI-ARIA APG carousel pattern.
 * Rotates every 3000 ms; stops while the pointer is over it or keyboard
 * focus is inside it; the pause/play button is the visitor's lasting
 * choice; no automatic rotation under prefers-reduced-motion (WCAG 2.2.2)
 * unless the visitor presses play. As in the spec, the indicators do not
 * pause and the arrows do not resume. Linked slides open in a new tab.
 * Without JavaScript the slides form a horizontally scrollable strip.
 */
export function Carrusel({ section }: { section: PreparedSectionOf<'carrusel'> }) {
  const diapositivas = section.diapositivas
  const total = diapositivas.length
  const intervalo = section.intervalo ?? INTERVALO_POR_DEFECTO
  const id = useId()
  const [activa, setActiva] = useState(0)
  const [eleccion, setEleccion] = useState<Eleccion>('auto')
  const [encima, setEncima] = useState(false)
  const [focoDentro, setFocoDentro] = useState(false)
  const movimientoReducido = useMovimientoReducido()

  const rotacionElegida = eleccion === 'reproducir' || (eleccion === 'auto' && !movimientoReducido)
  const rotando = rotacionElegida && !encima && !focoDentro && total > 1

  useEffect(() => {
    if (!rotando) return
    const t = window.setTimeout(() => setActiva(a => (a + 1) % total), intervalo)
    return () => window.clearTimeout(t)
  }, [rotando, activa, intervalo, total])

  const ir = (i: number) => setActiva(((i % total) + total) % total)

  const alEnfocar = (e: FocusEvent<HTMLElement>) => {
    const el = e.target as HTMLElement
    // Keyboard focus stops the rotation; focus on the pause/play button itself does not, so pressing «Reproducir» there works.
    setFocoDentro(el.matches(':focus-visible') && !el.classList.contains('carrusel-rotacion'))
  }
  const alSalirFoco = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocoDentro(false)
  }

  return (
    <section
      className="carrusel"
      aria-roledescription="carrusel"
      aria-label={section.etiqueta}
      onMouseEnter={() => setEncima(true)}
      onMouseLeave={() => setEncima(false)}
      onFocus={alEnfocar}
      onBlur={alSalirFoco}
    >
      <div className="carrusel-diapositivas" id={`${id}-diapositivas`} aria-live={rotando ? 'off' : 'polite'}>
        {diapositivas.map((d, i) => (
          <div
            key={d.src + i}
            className="diapositiva"
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${total}`}
            hidden={i !== activa}
          >
            {d.href ? (
              <ExternalLink href={d.href}>
                <Imagen d={d} indice={i} />
              </ExternalLink>
            ) : (
              <Imagen d={d} indice={i} />
            )}
            {(d.title || d.description) && (
              <div className="diapositiva-texto">
                {d.title && <p className="diapositiva-titulo">{d.title}</p>}
                {d.description && <p>{d.description}</p>}
              </div>
            )}
          </div>
        ))}
      </div>
      {total > 1 && (
        <div className="carrusel-controles">
          <button
            type="button"
            className="carrusel-rotacion"
            aria-controls={`${id}-diapositivas`}
            onClick={() => {
              setFocoDentro(false)
              setEleccion(rotacionElegida ? 'pausar' : 'reproducir')
            }}
          >
            {rotacionElegida ? (
              <>
                <span aria-hidden="true">❚❚ </span>Pausar<span className="visually-hidden"> el carrusel</span>
              </>
            ) : (
              <>
                <span aria-hidden="true">▶ </span>Reproducir<span className="visually-hidden"> el carrusel</span>
              </>
            )}
          </button>
          <button
            type="button"
            className="carrusel-flecha"
            aria-controls={`${id}-diapositivas`}
            aria-label="Diapositiva anterior"
            title="Diapositiva anterior"
            onClick={() => ir(activa - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carrusel-flecha"
            aria-controls={`${id}-diapositivas`}
            aria-label="Diapositiva siguiente"
            title="Diapositiva siguiente"
            onClick={() => ir(activa + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <ul className="carrusel-indicadores">
            {diapositivas.map((d, i) => (
              <li key={d.src + i}>
                <button
                  type="button"
                  aria-controls={`${id}-diapositivas`}
                  aria-label={`Mostrar diapositiva ${i + 1} de ${total}`}
                  aria-current={i === activa ? 'true' : undefined}
                  onClick={() => ir(i)}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
