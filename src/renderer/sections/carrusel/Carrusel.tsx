import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent } from 'react'
import type { Diapositiva } from '../../../manifest/types.generated.ts'
import type { PreparedSectionOf } from '../../types.ts'
import { ExternalLink } from '../../../views/ExternalLink.tsx'

const DEFAULT_INTERVAL = 3000 // spec §9

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

function subscribeToMotionSetting(notify: () => void): () => void {
  const mq = window.matchMedia(REDUCED_MOTION_QUERY)
  mq.addEventListener('change', notify)
  return () => mq.removeEventListener('change', notify)
}

/** true when the visitor asked the system for less motion (false while pre-rendering). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotionSetting,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  )
}

/** What the visitor chose with the pause/play button; 'auto' follows prefers-reduced-motion. */
type Choice = 'auto' | 'play' | 'pause'

function SlideImage({ d, index }: { d: Diapositiva; index: number }) {
  return (
    <img
      src={d.src}
      alt={d.alt}
      width={d.ancho ?? 1200}
      height={d.alto ?? 400}
      decoding="async"
      {...(index === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
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
  const intervalo = section.intervalo ?? DEFAULT_INTERVAL
  const id = useId()
  const [current, setCurrent] = useState(0)
  const [choice, setChoice] = useState<Choice>('auto')
  const [hovered, setHovered] = useState(false)
  const [focusInside, setFocusInside] = useState(false)
  const reducedMotion = useReducedMotion()

  const rotationChosen = choice === 'play' || (choice === 'auto' && !reducedMotion)
  const rotating = rotationChosen && !hovered && !focusInside && total > 1

  useEffect(() => {
    if (!rotating) return
    const t = window.setTimeout(() => setCurrent(i => (i + 1) % total), intervalo)
    return () => window.clearTimeout(t)
  }, [rotating, current, intervalo, total])

  const goTo = (i: number) => setCurrent(((i % total) + total) % total)

  const onFocusIn = (e: FocusEvent<HTMLElement>) => {
    const el = e.target as HTMLElement
    // Keyboard focus stops the rotation; focus on the pause/play button itself does not, so pressing «Reproducir» there works.
    setFocusInside(el.matches(':focus-visible') && !el.classList.contains('carrusel-rotacion'))
  }
  const onFocusOut = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false)
  }

  return (
    <section
      className="carrusel"
      aria-roledescription="carrusel"
      aria-label={section.etiqueta}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocusIn}
      onBlur={onFocusOut}
    >
      <div className="carrusel-diapositivas" id={`${id}-diapositivas`} aria-live={rotating ? 'off' : 'polite'}>
        {diapositivas.map((d, i) => (
          <div
            key={d.src + i}
            className="diapositiva"
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${total}`}
            hidden={i !== current}
          >
            {d.href ? (
              <ExternalLink href={d.href}>
                <SlideImage d={d} index={i} />
              </ExternalLink>
            ) : (
              <SlideImage d={d} index={i} />
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
              setFocusInside(false)
              setChoice(rotationChosen ? 'pause' : 'play')
            }}
          >
            {rotationChosen ? (
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
            onClick={() => goTo(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carrusel-flecha"
            aria-controls={`${id}-diapositivas`}
            aria-label="Diapositiva siguiente"
            title="Diapositiva siguiente"
            onClick={() => goTo(current + 1)}
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
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => goTo(i)}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
