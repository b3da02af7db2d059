import { CONSENT_FIELD, type PrivacyNotice, SENSITIVE_CONSENT_FIELD } from '../../../../../manifest/privacyNotice.ts'
import type { Campo, FormDefinition, Lookups } from '../../../../../manifest/types.generated.ts'
import { FieldError } from '../../views/OfficeShell.tsx'

/**
 * One field of a form definition as the office fills it in: the same fields
 * the citizen's page has (validated by the same compiled validator on the
 * server), labelled, with its help and, after a refusal, its message.
 */

export interface FieldState {
  lookups: Lookups
  values?: Record<string, string>
  error?: { message: string; fields: Record<string, string> }
}

export const fieldId = (name: string) => `radicar-${name}`

/** The fields the office fills in: every field of the definition but files and the hidden ones the server fills. */
export function officeFields(form: FormDefinition): Campo[] {
  // Files (one or several) come through the web form; the office form has no upload yet.
  return form.campos.filter(c => c.control !== 'file' && (c.control as string) !== 'archivos' && c.control !== 'hidden')
}

function optionsOf(c: Campo, lookups: Lookups): Array<{ value: string; label: string }> {
  if (c.lista) return (lookups.listas[c.lista] ?? []).map(o => ({ value: String(o.id), label: o.nombre }))
  return (c.opciones ?? []).map(o => ({ value: String(o.valor), label: o.etiqueta }))
}

type Invalid = { 'aria-invalid'?: true; 'aria-describedby'?: string }

function Control({ c, lookups, value, invalid }: { c: Campo; lookups: Lookups; value: string; invalid: Invalid }) {
  const id = fieldId(c.nombre)
  const common = { id, name: c.nombre, required: c.requerido || undefined, ...invalid }
  switch (c.control) {
    case 'textarea':
      return <textarea {...common} rows={6} defaultValue={value} />
    case 'select':
      return (
        <select {...common} defaultValue={value || undefined}>
          <option value="">Seleccione…</option>
          {optionsOf(c, lookups).map(o => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )
    case 'radio':
      return (
        <fieldset id={id} {...invalid}>
          <legend className="visualmente-oculto">{c.etiqueta}</legend>
          {optionsOf(c, lookups).map((o, i) => (
            <label key={o.value} htmlFor={`${id}-${i}`}>
              <input type="radio" id={`${id}-${i}`} name={c.nombre} value={o.value} defaultChecked={o.value === value} /> {o.label}
            </label>
          ))}
        </fieldset>
      )
    case 'checkbox':
      return <input type="checkbox" {...common} value="true" defaultChecked={value === 'true' || value === 'on'} />
    default: {
      const type = c.control === 'email' || c.control === 'tel' ? c.control : 'text'
      return <input type={type} {...common} defaultValue={value} autoComplete="off" />
    }
  }
}

/** Consent checkboxes say what staff certify by ticking them (docs/decisions/consent-and-privacy.md). */
function consentLabel(c: Campo): string | undefined {
  // Staff tick it only after the citizen authorized, having heard or read the notice.
  if (c.nombre === CONSENT_FIELD)
    return ` El ciudadano autorizó el tratamiento de sus datos personales después de conocer el aviso de privacidad: «${c.etiqueta}» *`
  // The explicit authorization for sensitive data (Decreto 1377 de 2013, art. 6), apart from the general one.
  if (c.nombre === SENSITIVE_CONSENT_FIELD)
    return ` El ciudadano autorizó de forma expresa el tratamiento de sus datos sensibles después de conocer el párrafo anterior: «${c.etiqueta}» *`
  return undefined
}

export function RegisterField({ c, s }: { c: Campo; s: FieldState }) {
  const id = fieldId(c.nombre)
  const error = s.error?.fields[c.nombre]
  const described = [c.ayuda ? `${id}-ayuda` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  const invalid: Invalid = { ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) }
  const control = <Control c={c} lookups={s.lookups} value={s.values?.[c.nombre] ?? ''} invalid={invalid} />
  const label = `${c.etiqueta}${c.requerido ? ' *' : ''}`
  const consent = consentLabel(c)
  return (
    <>
      {consent || c.control === 'checkbox' ? (
        <label htmlFor={id}>
          {control}
          {consent ?? ` ${label}`}
        </label>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {control}
        </>
      )}
      {c.ayuda && <small id={`${id}-ayuda`}>{c.ayuda}</small>}
      <FieldError id={`${id}-error`} message={error} />
    </>
  )
}

/** The privacy notice staff read to the citizen before recording the authorization. */
export function NoticeBox({ notice, sensitive }: { notice: PrivacyNotice | undefined; sensitive: string | undefined }) {
  if (!notice) return null
  // A form with sensitive fields names them and says which are required (privacyNotice.ts), instead of the general line.
  const parts = [notice.responsable, notice.finalidad, notice.derechos, sensitive ?? notice.datosSensibles].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  )
  return (
    <details className="aviso-oficina" open>
      <summary>{`${notice.titulo ?? 'Aviso de privacidad'}: léalo al ciudadano o entrégueselo antes de registrar su autorización`}</summary>
      {parts.map(p => (
        <p key={p}>{p}</p>
      ))}
      {notice.politica && (
        <p>
          <a href={notice.politica}>{notice.enlacePolitica ?? 'Política de tratamiento de datos personales'}</a>
        </p>
      )}
    </details>
  )
}
