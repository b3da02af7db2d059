import { useEffect, useRef, useState } from 'react'
import { formatResultDate, gradeQuiz, type QuizGrade } from '../../../forms/quiz.ts'
import { Heading } from '../../../views/Heading.tsx'
import { ErrorSummary } from '../../forms-ui/ErrorSummary.tsx'
import { FieldList } from '../../forms-ui/FieldList.tsx'
import { useDefinedForm } from '../../forms-ui/useDefinedForm.ts'
import type { PreparedSectionOf } from '../../types.ts'

const PASSED_TEXT = '¡Felicitaciones! Respondió correctamente todas las preguntas y completó el curso de inducción institucional.'
const FAILED_TEXT = 'Le recomendamos revisar nuevamente los módulos, dado que no aprobó la evaluación. Es importante alcanzar un puntaje del 100%.'

interface Result extends QuizGrade {
  nombre: string
  identificacion: string
  vinculacion: string
  fecha: string
}

/**
 * Final evaluation of the induction course: validated like every form,
 * graded in the browser against the manifest's key and never sent. The result
 * opens in a modal dialog with a static backdrop that Escape does not close;
 * closing it resets the form.
 */
export function Evaluacion({ section }: { section: PreparedSectionOf<'evaluacion'> }) {
  const prepared = section.prepared
  const def = prepared.definition
  const f = useDefinedForm(prepared)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closing = useRef(false)
  const [result, setResult] = useState<Result | null>(null)
  const titleId = `${def.id}-titulo`
  const resultTitleId = `${def.id}-resultado-titulo`

  useEffect(() => {
    const dialog = dialogRef.current
    if (result && dialog && !dialog.open) dialog.showModal()
  }, [result])

  const submit = f.onSubmit((_payload, values) => {
    const grade = gradeQuiz(section.clave, values)
    const vinculacion = String(values.vinculacion ?? '')
    setResult({
      ...grade,
      nombre: String(values.nombre ?? '').trim(),
      identificacion: String(values.numeroIdentificacion ?? '').trim(),
      vinculacion: prepared.opciones.vinculacion?.find(o => o.valor === vinculacion)?.etiqueta ?? vinculacion,
      fecha: formatResultDate(new Date()),
    })
    return false
  })

  const close = () => {
    closing.current = true
    dialogRef.current?.close()
    setResult(null)
    f.resetAll()
    // Back to the start of the quiz, ready for another attempt.
    document.getElementById(f.idFor(def.campos[0].nombre))?.focus()
  }

  return (
    <section className="formulario formulario-evaluacion" aria-labelledby={titleId}>
      <Heading id={titleId}>{section.titulo ?? def.titulo}</Heading>
      {def.descripcion && <p className="descripcion-formulario">{def.descripcion}</p>}
      <ErrorSummary f={f} />
      {/* method=dialog outside a dialog: without JavaScript a submit sends nothing anywhere. */}
      <form ref={f.formRef} noValidate method="dialog" aria-labelledby={titleId} onSubmit={submit} onFocus={f.warmUp}>
        <FieldList f={f} />
        <button type="submit">{def.botonEnviar}</button>
      </form>
      <dialog
        ref={dialogRef}
        aria-labelledby={resultTitleId}
        // Static modal: no light dismiss, no Escape (the cancel event and Escape's default action are prevented).
        {...{ closedby: 'none' }}
        onCancel={e => e.preventDefault()}
        onKeyDown={e => {
          if (e.key === 'Escape') e.preventDefault()
        }}
        onClose={() => {
          if (closing.current) {
            closing.current = false
            return
          }
          // A close that did not come from the button (a browser's own close request): keep the result on screen.
          if (result) dialogRef.current?.showModal()
        }}
      >
        {result && (
          <article>
            <header>
              <h2 id={resultTitleId}>Resultado de la evaluación</h2>
            </header>
            <dl className="resultado-evaluacion">
              {/* Name and document are optional (docs/decisions/consent-and-privacy.md): shown only when typed. */}
              {result.nombre && (
                <>
                  <dt>Nombre</dt>
                  <dd>{result.nombre}</dd>
                </>
              )}
              {result.identificacion && (
                <>
                  <dt>Número de identificación</dt>
                  <dd>{result.identificacion}</dd>
                </>
              )}
              <dt>Vinculación</dt>
              <dd>{result.vinculacion}</dd>
              <dt>Fecha</dt>
              <dd className="fecha">{result.fecha}</dd>
              <dt>Puntaje</dt>
              <dd>
                <span className="puntaje">{result.score}</span> de <span className="total">{result.total}</span>
              </dd>
            </dl>
            <p className={`veredicto ${result.passed ? 'aprobado' : 'no-aprobado'}`}>
              <strong>{result.passed ? 'Aprobado' : 'No aprobado'}</strong>
            </p>
            <p className="texto-resultado">{result.passed ? (section.textoAprobado ?? PASSED_TEXT) : (section.textoNoAprobado ?? FAILED_TEXT)}</p>
            <footer>
              <button type="button" onClick={close}>
                Cerrar
              </button>
            </footer>
          </article>
        )}
      </dialog>
    </section>
  )
}
