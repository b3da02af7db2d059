import type { ReactNode } from 'react'
import { conditionHolds, hiddenFieldConditions, isRequiredNow } from '../../forms/compileFormSchema.ts'
import { CONSENT_FIELD, DEFAULT_POLICY_LINK_TEXT, type PrivacyNotice, SENSITIVE_CONSENT_FIELD, sensitiveDataParagraph } from '../../manifest/privacyNotice.ts'
import type { Campo } from '../../manifest/types.generated.ts'
import { SmartLink } from '../components/SmartLink.tsx'
import type { DefinedForm } from './useDefinedForm.ts'

function Required({ required }: { required: boolean }) {
  return required ? (
    <span className="obligatorio" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null
}

const INPUT_TYPES: Partial<Record<Campo['control'], string>> = { text: 'text', email: 'email', tel: 'tel', file: 'file', archivos: 'file' }

/**
 * One field of a form definition. aria-invalid (Pico's red) and the message
 * appear only once the field is touched or after a submit attempt;
 * aria-describedby points to the help text and the message.
 */
export function Field({ f, campo }: { f: DefinedForm; campo: Campo }) {
  const { register } = f.form
  const def = f.prepared.definition
  const name = campo.nombre
  const id = `${def.id}-${name}`
  const helpId = `${id}-ayuda`
  const errorId = `${id}-error`
  const error = f.visibleError(name)
  const describedBy = [campo.ayuda ? helpId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  const invalid = error ? true : undefined
  const help = campo.ayuda ? (
    <small id={helpId} className="ayuda-campo">
      {campo.ayuda}
    </small>
  ) : null
  const message = error ? (
    <small id={errorId} className="mensaje-error">
      {error}
    </small>
  ) : null
  const options = f.prepared.opciones[name] ?? []
  // A field required under a condition (`requeridoSi`, e.g. the e-mail when the reply goes by e-mail) is marked while it holds.
  const deciding = campo.requeridoSi?.campo
  const decidingValue: unknown = deciding ? f.form.watch(deciding) : undefined
  const required = isRequiredNow(campo, deciding ? { [deciding]: decidingValue } : {})

  switch (campo.control) {
    case 'hidden':
      return <input type="hidden" id={id} {...register(name)} />
    case 'checkbox':
      return (
        <div className="campo campo-casilla">
          <label htmlFor={id}>
            <input type="checkbox" id={id} aria-invalid={invalid} aria-required={required || undefined} aria-describedby={describedBy} {...register(name)} />
            {campo.etiqueta}
            <Required required={required} />
          </label>
          {help}
          {message}
        </div>
      )
    case 'radio': {
      const legendId = `${id}-leyenda`
      return (
        <fieldset
          className="campo campo-opciones"
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a radiogroup (not the fieldset's implicit group) is what carries aria-required and aria-invalid to screen readers
          role="radiogroup"
          aria-labelledby={legendId}
          aria-required={required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <legend id={legendId}>
            {campo.etiqueta}
            <Required required={required} />
          </legend>
          {help}
          {options.map((o, i) => (
            <label key={o.valor} htmlFor={`${id}-${i}`}>
              <input type="radio" id={`${id}-${i}`} value={o.valor} aria-invalid={invalid} {...register(name)} />
              {o.etiqueta}
            </label>
          ))}
          {message}
        </fieldset>
      )
    }
    default: {
      const common = {
        id,
        'aria-invalid': invalid,
        'aria-required': required || undefined,
        'aria-describedby': describedBy,
      }
      let control: ReactNode
      if (campo.control === 'textarea') control = <textarea rows={5} {...common} {...register(name)} />
      else if (campo.control === 'select')
        control = (
          <select {...common} {...register(name)}>
            <option value="">Seleccione…</option>
            {options.map(o => (
              <option key={o.valor} value={o.valor}>
                {o.etiqueta}
              </option>
            ))}
          </select>
        )
      else
        control = (
          <input
            type={INPUT_TYPES[campo.control] ?? 'text'}
            autoComplete={campo.autocompletar}
            accept={campo.control === 'file' || campo.control === 'archivos' ? (campo.aceptar ?? 'application/pdf') : undefined}
            multiple={campo.control === 'archivos' || undefined}
            inputMode={campo.patron === '^[0-9]+$' && campo.control === 'text' ? 'numeric' : undefined}
            {...common}
            {...register(name)}
          />
        )
      return (
        <div className="campo">
          <label htmlFor={id}>
            {campo.etiqueta}
            <Required required={required} />
          </label>
          {control}
          {help}
          {message}
        </div>
      )
    }
  }
}

/**
 * The privacy notice of site.yaml, right before the consent checkbox (Ley
 * 1581 de 2012, art. 12; Decreto 1377 de 2013, art. 15): who is responsible,
 * what for, the holder's rights and how to exercise them, that sensitive data
 * is optional, and the policy. The footer's compact form shows it as one paragraph.
 */
export function PrivacyNoticeText({ aviso, id, compact, sensitive = false }: { aviso: PrivacyNotice; id: string; compact: boolean; sensitive?: boolean }) {
  const link = <SmartLink url={aviso.politica}>{aviso.enlacePolitica ?? DEFAULT_POLICY_LINK_TEXT}</SmartLink>
  const title = <strong>{aviso.titulo}.</strong>
  // A form with sensitive fields says what is sensitive, and which is required, next to its own checkbox
  // (SensitiveDataNotice): the general line («… es voluntario») would be untrue there.
  const general = sensitive ? null : aviso.datosSensibles
  if (compact) {
    return (
      <div className="aviso-privacidad" id={id}>
        <p>
          {title} {aviso.responsable} {aviso.finalidad} {aviso.derechos} {general} {link}.
        </p>
      </div>
    )
  }
  return (
    <div className="aviso-privacidad" id={id}>
      <p>
        {title} {aviso.responsable}
      </p>
      <p>{aviso.finalidad}</p>
      <p>{aviso.derechos}</p>
      {general ? <p>{general}</p> : null}
      <p>{link}</p>
    </div>
  )
}

/**
 * Fields a rule hides for the current answers (`reglas` → `ocultar`, e.g.
 * the identity of an anonymous petition): not shown. They are not required
 * then, and normalizeSubmission drops them, so nothing typed before is sent.
 * Without script every field shows; the server drops them the same way.
 */
function useHiddenFields(f: DefinedForm): ReadonlySet<string> {
  const conditions = hiddenFieldConditions(f.prepared.definition)
  const deciding = [...new Set([...conditions.values()].flat().map(si => si.campo))]
  const watched: unknown[] = deciding.length > 0 ? f.form.watch(deciding) : []
  const current = Object.fromEntries(deciding.map((name, i) => [name, watched[i]]))
  return new Set([...conditions].filter(([, cs]) => cs.some(si => conditionHolds(si, current))).map(([name]) => name))
}

export function FieldList({ f, compact = false }: { f: DefinedForm; compact?: boolean }) {
  const { aviso, definition } = f.prepared
  const hidden = useHiddenFields(f)
  const sensitive = sensitiveDataParagraph(definition)
  return (
    <>
      {definition.campos
        .filter(c => !hidden.has(c.nombre))
        .map(c =>
          c.nombre === CONSENT_FIELD && aviso ? (
            <div key={c.nombre} className="autorizacion-datos">
              <PrivacyNoticeText aviso={aviso} id={`${definition.id}-aviso-privacidad`} compact={compact} sensitive={sensitive !== undefined} />
              <Field f={f} campo={c} />
            </div>
          ) : c.nombre === SENSITIVE_CONSENT_FIELD && sensitive !== undefined ? (
            // The explicit authorization for sensitive data, apart from the general one (Decreto 1377 de 2013, art. 6).
            <div key={c.nombre} className="autorizacion-datos autorizacion-datos-sensibles">
              <p className="aviso-datos-sensibles" id={`${definition.id}-aviso-datos-sensibles`}>
                {sensitive}
              </p>
              <Field f={f} campo={c} />
            </div>
          ) : (
            <Field key={c.nombre} f={f} campo={c} />
          ),
        )}
    </>
  )
}
