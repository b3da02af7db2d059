import type { Campo, FormDefinition } from './types.generated.ts'

/**
 * The forms the server receives, derived from the form manifests alone: a
 * form with a `radicacion` block, an `endpoint` and `envio` json or multipart
 * is served at its endpoint. The server registers its routes, its no-script
 * path, the numbering plan and the export from this list; the validator
 * refuses an endpoint that is not in it (`form-endpoint-not-served`), so a
 * form can never post to a path nobody serves.
 */
export interface FilingForm {
  form: FormDefinition
  endpoint: string
  /** `radicacion`: a filing the office answers; `suscripcion`: the newsletter. */
  clase: 'radicacion' | 'suscripcion'
  /** Stored kind (radicaciones.tipo), e.g. `pqrs`. */
  kind: string
  serie: string
  /** Name of the kind in the office's e-mail, e.g. «Solicitud de cita». */
  nombre: string
  /** `npm run export -- <exportacion>`. */
  exportacion: string
  envio: 'json' | 'multipart'
  /** The one file field of a multipart form. */
  fileField?: Campo
  /**
   * Every field that receives files: the `file` of a multipart form and the
   * `archivos` fields (several attachments) of any form. A JSON form with an
   * `archivos` field also takes multipart when the citizen attached files.
   */
  fileFields: Campo[]
  /** The address field of a subscription (its one `email` control). */
  emailField?: Campo
}

/** Export names that are not forms (the office's audit trail, the published report of requests). */
export const RESERVED_EXPORTS: readonly string[] = ['auditoria', 'informe']

/** Every form the server receives, in manifest order; a repeated endpoint, kind, series or export name keeps the first. */
export function filingForms(forms: readonly FormDefinition[]): FilingForm[] {
  const out: FilingForm[] = []
  for (const form of forms) {
    const r = form.radicacion
    if (!r || !form.endpoint || (form.envio !== 'json' && form.envio !== 'multipart')) continue
    const taken = out.some(f => f.endpoint === form.endpoint || f.kind === r.tipo || f.serie === r.serie || f.exportacion === r.exportacion)
    if (taken || RESERVED_EXPORTS.includes(r.exportacion)) continue
    out.push({
      form,
      endpoint: form.endpoint,
      clase: r.clase ?? 'radicacion',
      kind: r.tipo,
      serie: r.serie,
      nombre: r.nombre,
      exportacion: r.exportacion,
      envio: form.envio,
      fileField: form.envio === 'multipart' ? form.campos.find(c => c.control === 'file') : undefined,
      fileFields: form.campos.filter(c => c.control === 'archivos' || (form.envio === 'multipart' && c.control === 'file')),
      emailField: r.clase === 'suscripcion' ? form.campos.find(c => c.control === 'email') : undefined,
    })
  }
  return out
}

/** Why a filing form cannot be served as written (a multipart form needs one file field, a subscription one e-mail field); undefined when it can. */
export function filingFormDefect(form: FormDefinition): string | undefined {
  if (!form.radicacion) return undefined
  const files = form.campos.filter(c => c.control === 'file').length
  if (form.envio === 'multipart' && files !== 1)
    return `un formulario «envio: multipart» que se radica necesita exactamente un campo de archivo (tiene ${files})`
  if (form.envio === 'json' && files > 0) return 'un campo de archivo necesita «envio: multipart»'
  if (form.radicacion.clase === 'suscripcion' && form.campos.filter(c => c.control === 'email').length !== 1) {
    return 'una suscripción necesita exactamente un campo «control: email» (la dirección que se registra)'
  }
  const avisos = form.radicacion.avisos
  if (avisos) {
    if (form.campos.find(c => c.nombre === avisos.campoCorreo)?.control !== 'email') {
      return `«avisos.campoCorreo» debe nombrar un campo «control: email» del formulario (no lo es «${avisos.campoCorreo}»)`
    }
    if (avisos.campoMedio !== undefined && !form.campos.find(c => c.nombre === avisos.campoMedio)?.lista) {
      return `«avisos.campoMedio» debe nombrar un campo con «lista» del formulario (no lo es «${avisos.campoMedio}»)`
    }
    if ((avisos.campoMedio === undefined) !== (avisos.mediosCorreo === undefined)) return '«avisos.campoMedio» y «avisos.mediosCorreo» van juntos'
  }
  return undefined
}
