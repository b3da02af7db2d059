import { CANAL_LABEL, OFFICE_CANALES } from '../../../../../filings/channels.ts'
import { CONSENT_FIELD, type PrivacyNotice, SENSITIVE_CONSENT_FIELD, sensitiveDataParagraph } from '../../../../../manifest/privacyNotice.ts'
import type { FormDefinition } from '../../../../../manifest/types.generated.ts'
import { FieldError, OfficePage, type PageContext, Xsrf } from '../../views/OfficeShell.tsx'
import { REGISTER_API, REGISTER_PAGE } from '../registerPaths.ts'
import { type FieldState, fieldId, NoticeBox, officeFields, RegisterField } from './RegisterField.tsx'

/**
 * The office's registration pages (docs/decisions/office.md), plain HTML forms that
 * work with and without script: the list of forms, and one form with the
 * fields of its definition.
 */

export function RegisterIndexPage({ ctx, forms }: { ctx: PageContext; forms: ReadonlyArray<{ id: string; titulo: string }> }) {
  return (
    <OfficePage ctx={ctx} title="Radicar">
      <p>
        <a href="/oficina">← Volver a la bandeja</a>
      </p>
      <h1>Radicar una solicitud recibida por otro canal</h1>
      <p>
        Registre aquí las solicitudes que llegan en persona, por teléfono, por correo electrónico o por escrito (Decreto 1166 de 2016). Reciben un número de la
        misma serie que las del sitio web y el mismo término legal; al terminar se entrega al ciudadano la constancia con el número y el código de verificación.
      </p>
      {forms.length > 0 ? (
        <ul>
          {forms.map(f => (
            <li key={f.id}>
              <a href={`${REGISTER_PAGE}/${f.id}`}>{f.titulo}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>Su cuenta no tiene formularios que se puedan radicar aquí.</p>
      )}
    </OfficePage>
  )
}

export interface RegisterFormView extends FieldState {
  form: FormDefinition
  notice?: PrivacyNotice
  today: string
  earliest: string
}

/** How the filing arrived: the channel and the day of receipt, from which the legal term counts. */
function Reception({ v }: { v: RegisterFormView }) {
  const canal = v.values?.canal ?? ''
  const canalError = v.error?.fields.canal
  const dayError = v.error?.fields.fechaRecepcion
  return (
    <fieldset>
      <legend>Recepción</legend>
      <fieldset id={fieldId('canal')} aria-invalid={canalError ? true : undefined} aria-describedby={canalError ? 'radicar-canal-error' : undefined}>
        <legend>Canal por el que llegó *</legend>
        {OFFICE_CANALES.map(c => (
          <label key={c} htmlFor={`radicar-canal-${c}`}>
            <input type="radio" id={`radicar-canal-${c}`} name="_canal" value={c} defaultChecked={canal === c} /> {CANAL_LABEL[c]}
          </label>
        ))}
      </fieldset>
      <FieldError id="radicar-canal-error" message={canalError} />
      <label htmlFor={fieldId('fechaRecepcion')}>Fecha de recepción</label>
      <input
        type="date"
        id={fieldId('fechaRecepcion')}
        name="_fechaRecepcion"
        min={v.earliest}
        max={v.today}
        defaultValue={v.values?.fechaRecepcion ?? v.today}
        aria-describedby={`radicar-fechaRecepcion-ayuda${dayError ? ' radicar-fechaRecepcion-error' : ''}`}
        aria-invalid={dayError ? true : undefined}
      />
      <small id="radicar-fechaRecepcion-ayuda">
        Hoy, salvo para un documento que llegó antes: entonces el día hábil en que se recibió (no más de 30 días atrás). El término legal se cuenta desde ese
        día.
      </small>
      <FieldError id="radicar-fechaRecepcion-error" message={dayError} />
    </fieldset>
  )
}

/** The notice to read and the citizen's authorizations, when the form asks for consent. */
function Consent({ v }: { v: RegisterFormView }) {
  const consent = v.form.campos.find(c => c.nombre === CONSENT_FIELD)
  const sensitive = v.form.campos.find(c => c.nombre === SENSITIVE_CONSENT_FIELD)
  if (!consent) return null
  return (
    <fieldset>
      <legend>Autorización de datos personales</legend>
      <NoticeBox notice={v.notice} sensitive={sensitiveDataParagraph(v.form)} />
      <RegisterField c={consent} s={v} />
      {sensitive && <RegisterField c={sensitive} s={v} />}
    </fieldset>
  )
}

/** The scanned petition and its annexes: the form's attachment fields, checked like citizens' attachments (docs/decisions/office.md). */
function Scans({ v }: { v: RegisterFormView }) {
  const scans = scanFields(v.form)
  if (scans.length === 0) return null
  return (
    <fieldset>
      <legend>Documento escaneado y anexos</legend>
      <p>
        Si la petición llegó por escrito, adjunte el documento escaneado y sus anexos (Ley 1755 de 2015, art. 16): se revisan igual que los adjuntos de los
        ciudadanos.
      </p>
      {scans.map(c => (
        <div key={c.nombre}>
          <label htmlFor={fieldId(c.nombre)}>{c.etiqueta}</label>
          <input
            type="file"
            id={fieldId(c.nombre)}
            name={c.nombre}
            multiple
            accept={c.aceptar}
            aria-describedby={`${fieldId(c.nombre)}-ayuda${v.error?.fields[c.nombre] ? ` radicar-${c.nombre}-error` : ''}`}
            aria-invalid={v.error?.fields[c.nombre] ? true : undefined}
          />
          {c.ayuda && <small id={`${fieldId(c.nombre)}-ayuda`}>{c.ayuda}</small>}
          <FieldError id={`radicar-${c.nombre}-error`} message={v.error?.fields[c.nombre]} />
        </div>
      ))}
    </fieldset>
  )
}

/** The form's attachment fields (the one `file` of a form is the citizen's own upload, not a scan). */
const scanFields = (form: FormDefinition) => form.campos.filter(c => (c.control as string) === 'archivos')

export function RegisterFormPage({ ctx, v }: { ctx: PageContext; v: RegisterFormView }) {
  const { form } = v
  const fields = officeFields(form).filter(c => c.nombre !== CONSENT_FIELD && c.nombre !== SENSITIVE_CONSENT_FIELD)
  const scans = scanFields(form)
  return (
    <OfficePage ctx={ctx} title={`Radicar: ${form.titulo}`}>
      <p>
        <a href={REGISTER_PAGE}>← Otros formularios</a>
      </p>
      <h1>{`Radicar: ${form.titulo}`}</h1>
      {v.error && (
        <div className="resumen-errores" role="alert" aria-labelledby="titulo-errores" tabIndex={-1}>
          <h2 id="titulo-errores">{v.error.message}</h2>
          <ul>
            {Object.entries(v.error.fields).map(([name, msg]) => (
              <li key={name}>
                <a href={`#${fieldId(name)}`}>{msg}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* With files the form names itself in the address: the server sets the files' limits before reading them. */}
      <form
        method="post"
        action={scans.length > 0 ? `${REGISTER_API}?formulario=${encodeURIComponent(form.id)}` : REGISTER_API}
        className="radicar"
        noValidate
        {...(scans.length > 0 ? { encType: 'multipart/form-data' } : {})}
      >
        <Xsrf token={ctx.xsrf} />
        <input type="hidden" name="_formulario" value={form.id} />
        <Reception v={v} />
        <fieldset>
          <legend>Datos de la solicitud</legend>
          <p>{form.descripcion ?? 'Los campos marcados con * son obligatorios.'}</p>
          {fields.map(c => (
            <RegisterField key={c.nombre} c={c} s={v} />
          ))}
        </fieldset>
        <Scans v={v} />
        <Consent v={v} />
        <button type="submit">Radicar y generar constancia</button>
      </form>
    </OfficePage>
  )
}
