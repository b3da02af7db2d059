import { Heading, Nested } from '../../views/Heading.tsx'
import type { DefinedForm } from './useDefinedForm.ts'

/** GOV.UK error summary: each message links to its field; the summary takes the focus after an invalid submit. */
export function ErrorSummary({ f }: { f: DefinedForm }) {
  if (f.summary.length === 0) return null
  const titleId = `${f.prepared.definition.id}-resumen-errores`
  return (
    <section className="resumen-errores" ref={f.summaryRef} tabIndex={-1} aria-labelledby={titleId}>
      <Nested>
        <Heading id={titleId}>Hay errores en el formulario</Heading>
      </Nested>
      <ul>
        {f.summary.map(s => (
          <li key={s.name}>
            <a
              href={`#${s.targetId}`}
              onClick={e => {
                const target = document.getElementById(s.targetId)
                if (!target) return
                e.preventDefault()
                target.scrollIntoView({ block: 'center' })
                target.focus()
              }}
            >
              {s.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
