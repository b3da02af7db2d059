import { CANAL_LABEL, OFFICE_CANALES, type Canal } from '../../../filings/channels.ts'
import { spanishDateTime, spanishDay } from '../../../forms/receipt.ts'
import { CONSENT_FIELD, type PrivacyNotice, SENSITIVE_CONSENT_FIELD, sensitiveDataParagraph } from '../../../manifest/privacyNotice.ts'
import type { Campo, FormDefinition, Lookups } from '../../../manifest/types.generated.ts'
import { escapeHtml as e } from '../../nativePages.ts'
import { officePage, type PageContext } from '../../office/pages.ts'
import type { Constancia } from './constancia.ts'

/**
 * The office's registration pages (issue 26 item 1), plain HTML forms that
 * work with and without script: the list of forms, one form with the fields
 * of its definition (the same the citizen's page has, validated by the same
 * compiled validator on the server), and the constancia.
 */

export const REGISTER_PAGE = '/oficina/radicar'
export const REGISTER_API = '/api/oficina/radicaciones'

export function registerIndexPage(ctx: PageContext, forms: ReadonlyArray<{ id: string; titulo: string }>): string {
  const items = forms.map(f => `<li><a href="${REGISTER_PAGE}/${e(f.id)}">${e(f.titulo)}</a></li>`).join('')
  const body = `<p><a href="/oficina">← Volver a la bandeja</a></p>
<h1>Radicar una solicitud recibida por otro canal</h1>
<p>Registre aquí las solicitudes que llegan en persona, por teléfono, por correo electrónico o por escrito (Decreto 1166 de 2016). Reciben un número de la misma serie que las del sitio web y el mismo término legal; al terminar se entrega al ciudadano la constancia con el número y el código de verificación.</p>
${items ? `<ul>${items}</ul>` : '<p>Su cuenta no tiene formularios que se puedan radicar aquí.</p>'}`
  return officePage(ctx, 'Radicar', body)
}

export interface RegisterFormView {
  form: FormDefinition
  lookups: Lookups
  notice?: PrivacyNotice
  today: string
  earliest: string
  values?: Record<string, string>
  error?: { message: string; fields: Record<string, string> }
}

const fieldId = (name: string) => `radicar-${name}`

function optionsOf(c: Campo, lookups: Lookups): Array<{ value: string; label: string }> {
  if (c.lista) return (lookups.listas[c.lista] ?? []).map(o => ({ value: String(o.id), label: o.nombre }))
  return (c.opciones ?? []).map(o => ({ value: String(o.valor), label: o.etiqueta }))
}

function control(c: Campo, lookups: Lookups, value: string, invalid: string): string {
  const id = fieldId(c.nombre)
  const required = c.requerido ? ' required' : ''
  switch (c.control) {
    case 'textarea':
      return `<textarea id="${id}" name="${e(c.nombre)}" rows="6"${required}${invalid}>${e(value)}</textarea>`
    case 'select':
      return `<select id="${id}" name="${e(c.nombre)}"${required}${invalid}><option value="">Seleccione…</option>${optionsOf(c, lookups)
        .map(o => `<option value="${e(o.value)}"${o.value === value ? ' selected' : ''}>${e(o.label)}</option>`)
        .join('')}</select>`
    case 'radio':
      return `<fieldset id="${id}"${invalid}><legend class="visualmente-oculto">${e(c.etiqueta)}</legend>${optionsOf(c, lookups)
        .map(
          (o, i) =>
            `<label for="${id}-${i}"><input type="radio" id="${id}-${i}" name="${e(c.nombre)}" value="${e(o.value)}"${o.value === value ? ' checked' : ''}> ${e(o.label)}</label>`,
        )
        .join('')}</fieldset>`
    case 'checkbox':
      return `<input type="checkbox" id="${id}" name="${e(c.nombre)}" value="true"${value === 'true' || value === 'on' ? ' checked' : ''}${required}${invalid}>`
    default: {
      const type = c.control === 'email' || c.control === 'tel' ? c.control : 'text'
      return `<input type="${type}" id="${id}" name="${e(c.nombre)}" value="${e(value)}" autocomplete="off"${required}${invalid}>`
    }
  }
}

/** The fields the office fills in: every field of the definition but files and the hidden ones the server fills. */
export function officeFields(form: FormDefinition): Campo[] {
  // Files (one or several) come through the web form; the office form has no upload yet.
  return form.campos.filter(c => c.control !== 'file' && (c.control as string) !== 'archivos' && c.control !== 'hidden')
}

function field(c: Campo, v: RegisterFormView): string {
  const id = fieldId(c.nombre)
  const value = v.values?.[c.nombre] ?? ''
  const error = v.error?.fields[c.nombre]
  const help = c.ayuda ? `<small id="${id}-ayuda">${e(c.ayuda)}</small>` : ''
  const described = [c.ayuda ? `${id}-ayuda` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  const invalid = `${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`
  const errorText = error ? `<small id="${id}-error" class="error-campo">${e(error)}</small>` : ''
  const label = `${e(c.etiqueta)}${c.requerido ? ' *' : ''}`
  if (c.nombre === CONSENT_FIELD) {
    // Staff tick it only after the citizen authorized, having heard or read the notice (docs/decisions/consent-and-privacy.md).
    return `<label for="${id}">${control(c, v.lookups, value, invalid)} El ciudadano autorizó el tratamiento de sus datos personales después de conocer el aviso de privacidad: «${e(c.etiqueta)}» *</label>${help}${errorText}`
  }
  if (c.nombre === SENSITIVE_CONSENT_FIELD) {
    // The explicit authorization for sensitive data (Decreto 1377 de 2013, art. 6), apart from the general one.
    return `<label for="${id}">${control(c, v.lookups, value, invalid)} El ciudadano autorizó de forma expresa el tratamiento de sus datos sensibles después de conocer el párrafo anterior: «${e(c.etiqueta)}» *</label>${help}${errorText}`
  }
  if (c.control === 'checkbox') return `<label for="${id}">${control(c, v.lookups, value, invalid)} ${label}</label>${help}${errorText}`
  return `<label for="${id}">${label}</label>${control(c, v.lookups, value, invalid)}${help}${errorText}`
}

function noticeBox(notice: PrivacyNotice | undefined, sensitive: string | undefined): string {
  if (!notice) return ''
  // A form with sensitive fields names them and says which are required (privacyNotice.ts), instead of the general line.
  const parts = [notice.responsable, notice.finalidad, notice.derechos, sensitive ?? notice.datosSensibles].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  )
  return `<details class="aviso-oficina" open><summary>${e(notice.titulo ?? 'Aviso de privacidad')}: léalo al ciudadano o entrégueselo antes de registrar su autorización</summary>
${parts.map(p => `<p>${e(p)}</p>`).join('\n')}
${notice.politica ? `<p><a href="${e(notice.politica)}">${e(notice.enlacePolitica ?? 'Política de tratamiento de datos personales')}</a></p>` : ''}
</details>`
}

export function registerFormPage(ctx: PageContext, v: RegisterFormView): string {
  const { form } = v
  const canal = v.values?.canal ?? ''
  const canalError = v.error?.fields.canal
  const dayError = v.error?.fields.fechaRecepcion
  const summary = v.error
    ? `<div class="resumen-errores" role="alert" aria-labelledby="titulo-errores" tabindex="-1"><h2 id="titulo-errores">${e(v.error.message)}</h2><ul>${Object.entries(
        v.error.fields,
      )
        .map(([name, msg]) => `<li><a href="#${e(fieldId(name))}">${e(msg)}</a></li>`)
        .join('')}</ul></div>`
    : ''
  const body = `<p><a href="${REGISTER_PAGE}">← Otros formularios</a></p>
<h1>Radicar: ${e(form.titulo)}</h1>
${summary}
<form method="post" action="${REGISTER_API}" class="radicar" novalidate>
<input type="hidden" name="_xsrf" value="${e(ctx.xsrf)}">
<input type="hidden" name="_formulario" value="${e(form.id)}">
<fieldset>
<legend>Recepción</legend>
<fieldset id="${fieldId('canal')}"${canalError ? ' aria-invalid="true" aria-describedby="radicar-canal-error"' : ''}>
<legend>Canal por el que llegó *</legend>
${OFFICE_CANALES.map((c: Canal) => `<label for="radicar-canal-${c}"><input type="radio" id="radicar-canal-${c}" name="_canal" value="${c}"${canal === c ? ' checked' : ''}> ${e(CANAL_LABEL[c])}</label>`).join('\n')}
</fieldset>
${canalError ? `<small id="radicar-canal-error" class="error-campo">${e(canalError)}</small>` : ''}
<label for="${fieldId('fechaRecepcion')}">Fecha de recepción</label>
<input type="date" id="${fieldId('fechaRecepcion')}" name="_fechaRecepcion" min="${e(v.earliest)}" max="${e(v.today)}" value="${e(v.values?.fechaRecepcion ?? v.today)}" aria-describedby="radicar-fechaRecepcion-ayuda${dayError ? ' radicar-fechaRecepcion-error' : ''}"${dayError ? ' aria-invalid="true"' : ''}>
<small id="radicar-fechaRecepcion-ayuda">Hoy, salvo para un documento que llegó antes: entonces el día hábil en que se recibió (no más de 30 días atrás). El término legal se cuenta desde ese día.</small>
${dayError ? `<small id="radicar-fechaRecepcion-error" class="error-campo">${e(dayError)}</small>` : ''}
</fieldset>
<fieldset>
<legend>Datos de la solicitud</legend>
<p>${e(form.descripcion ?? 'Los campos marcados con * son obligatorios.')}</p>
${officeFields(form)
  .filter(c => c.nombre !== CONSENT_FIELD && c.nombre !== SENSITIVE_CONSENT_FIELD)
  .map(c => field(c, v))
  .join('\n')}
</fieldset>
${form.campos.some(c => c.nombre === CONSENT_FIELD) ? `<fieldset><legend>Autorización de datos personales</legend>${noticeBox(v.notice, sensitiveDataParagraph(form))}${field(form.campos.find(c => c.nombre === CONSENT_FIELD)!, v)}${form.campos.some(c => c.nombre === SENSITIVE_CONSENT_FIELD) ? field(form.campos.find(c => c.nombre === SENSITIVE_CONSENT_FIELD)!, v) : ''}</fieldset>` : ''}
<button type="submit">Radicar y generar constancia</button>
</form>`
  return officePage(ctx, `Radicar: ${form.titulo}`, body)
}

/** The constancia as a page: printable, with the link to its PDF. */
export function constanciaPage(ctx: PageContext, c: Constancia, pdfUrl: string): string {
  const rows = constanciaRows(c)
    .map(([k, val]) => `<dt>${e(k)}</dt><dd class="texto-largo">${e(val)}</dd>`)
    .join('\n')
  const body = `<p class="no-imprimir"><a href="/oficina">← Volver a la bandeja</a> · <a href="${REGISTER_PAGE}">Radicar otra solicitud</a></p>
<div class="aviso-formulario aviso-exito no-imprimir" role="status"><p class="aviso-texto">La solicitud quedó radicada con el número ${e(c.radicado)}.${c.correoEnviado ? ' La constancia también se envió al correo que dio el ciudadano.' : ''}</p></div>
<article class="constancia">
<h1>Constancia de radicación ${e(c.radicado)}</h1>
<p>${e(c.entidad)}</p>
<dl class="datos-radicacion">
${rows}
</dl>
<p>${e(CONSTANCIA_TRACKING(c))}</p>
</article>
<p class="no-imprimir"><a href="${e(pdfUrl)}" download>Descargar constancia (PDF)</a> · Para imprimirla use la opción Imprimir del navegador (Ctrl+P).</p>
<p class="no-imprimir">El código de verificación solo se muestra ahora: la E.S.E. guarda una huella de él, no el código. Entregue esta constancia al ciudadano (impresa, o dícteselo si la solicitud llegó por teléfono).</p>`
  return officePage(ctx, `Constancia ${c.radicado}`, body)
}

export const CONSTANCIA_TRACKING = (c: Constancia) =>
  `Consulte el estado de su solicitud en ${c.consultaUrl} con el número de radicado y el código de verificación. Guarde este número y este código.`

/** Label and value of each line of the constancia, the same in the page and the PDF (CPACA art. 61; Decreto 1166 de 2016). */
export function constanciaRows(c: Constancia): Array<[string, string]> {
  return [
    ['Número de radicado', c.radicado],
    ['Código de verificación', c.codigo],
    ['Fecha y hora de radicación', spanishDateTime(c.recibido)],
    ...(c.recibidaEl ? ([['Fecha de recepción del documento', spanishDay(c.recibidaEl)]] as Array<[string, string]>) : []),
    ['Canal de recepción', CANAL_LABEL[c.canal]],
    ['Solicitud', `${c.formulario} — ${c.tipo}`],
    ['Término de respuesta', `${c.diasHabiles} días hábiles${c.fundamento ? ` (${c.fundamento})` : ''}`],
    ['Fecha límite de respuesta', spanishDay(c.vence)],
    ['Recibida por', c.funcionario],
    ...c.campos.map((f): [string, string] => [f.etiqueta, f.valor]),
  ]
}
