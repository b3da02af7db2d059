import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ApiError, FAILURE_MESSAGES, postForm } from '../../../forms/apiClient.ts'
import { NO_JS_TRACKING_ID, TRACKING_API, TRACKING_FIELDS, TRACKING_PAGE, TRACKING_TEXT as T, type TrackingAnswer } from '../../../filings/tracking.ts'
import { TrackingAnswer as TrackingAnswerView, TrackingFailure } from '../../../views/TrackingAnswer.tsx'
import { Heading } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

type Field = keyof typeof TRACKING_FIELDS

type Outcome = { kind: 'found'; answer: TrackingAnswer; codigo: string; key: number } | { kind: 'failed'; message: string; key: number }

/** The answer (src/views/TrackingAnswer.tsx, the same component the server renders without script), focused when shown. */
function FocusedAnswer({ a, codigo }: { a: TrackingAnswer; codigo: string }) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return <TrackingAnswerView a={a} codigo={codigo} sectionRef={ref} />
}

/**
 * Tracking a filing by its number and verification code (docs/decisions/rendering.md). With
 * script it asks POST /api/consulta and shows the answer here; without, the
 * same form posts to /pqrsd/consulta and the server answers this page with
 * the result in the <noscript> below the form.
 */
export function Consulta({ section }: { section: PreparedSectionOf<'consulta'> }) {
  const [values, setValues] = useState<Record<Field, string>>({ radicado: '', codigo: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const failureRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (outcome?.kind === 'failed') failureRef.current?.focus()
  }, [outcome])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const missing: Partial<Record<Field, string>> = {}
    if (!values.radicado.trim()) missing.radicado = T.radicadoRequerido
    if (!values.codigo.trim()) missing.codigo = T.codigoRequerido
    setErrors(missing)
    if (Object.keys(missing).length > 0) {
      document.getElementById(`consulta-${missing.radicado ? 'radicado' : 'codigo'}`)?.focus()
      return
    }
    setBusy(true)
    setOutcome(null)
    try {
      const answer = (await postForm(TRACKING_API, { radicado: values.radicado, codigo: values.codigo })) as TrackingAnswer
      setOutcome({ kind: 'found', answer, codigo: values.codigo.trim(), key: Date.now() })
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError('server', FAILURE_MESSAGES.server)
      if (err.status === 400 && Object.keys(err.fields).length > 0) setErrors(err.fields)
      const message = err.status === 404 ? T.notFound : err.status === 400 ? 'Revise los campos marcados.' : err.message
      setOutcome({ kind: 'failed', message, key: Date.now() })
    } finally {
      setBusy(false)
    }
  }

  const field = (name: Field, label: string, help: string) => {
    const id = `consulta-${name}`
    const error = errors[name]
    return (
      <div className="campo">
        <label htmlFor={id}>
          {label}
          <span className="obligatorio" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={id}
          name={TRACKING_FIELDS[name]}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-ayuda`, error ? `${id}-error` : undefined].filter(Boolean).join(' ')}
          value={values[name]}
          onChange={ev => setValues(v => ({ ...v, [name]: ev.target.value }))}
        />
        <small id={`${id}-ayuda`} className="ayuda-campo">
          {help}
        </small>
        {error && (
          <small id={`${id}-error`} className="mensaje-error">
            {error}
          </small>
        )}
      </div>
    )
  }

  return (
    <section className="formulario consulta-radicado" aria-labelledby="consulta-titulo">
      <Heading id="consulta-titulo">{section.titulo ?? 'Consulte su solicitud en línea'}</Heading>
      {section.descripcion && <p className="descripcion-formulario">{section.descripcion}</p>}
      <form method="post" action={TRACKING_PAGE} noValidate aria-labelledby="consulta-titulo" onSubmit={submit}>
        {field('radicado', T.radicadoEtiqueta, T.radicadoAyuda)}
        {field('codigo', T.codigoEtiqueta, T.codigoAyuda)}
        <button type="submit" aria-busy={busy || undefined}>
          {busy ? T.searching : T.button}
        </button>
      </form>
      {/* Without JavaScript the server puts the answer of the posted form here. */}
      <noscript id={NO_JS_TRACKING_ID} />
      {outcome?.kind === 'found' && <FocusedAnswer key={outcome.key} a={outcome.answer} codigo={outcome.codigo} />}
      {outcome?.kind === 'failed' && <TrackingFailure key={outcome.key} message={outcome.message} boxRef={failureRef} />}
    </section>
  )
}
