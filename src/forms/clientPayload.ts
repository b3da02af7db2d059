import type { FormDefinition } from '../manifest/types.generated.ts'
import type { FileDescriptor } from './compileFormSchema.ts'
import { dayTimestamp, todayInColombia } from '../manifest/colombiaTime.ts'
import { normalizeSubmission } from './normalize.ts'

/** The first File of a file input's value (FileList, File[] or File), if any. */
export function firstFile(value: unknown): File | undefined {
  if (typeof File === 'undefined' || value === null || value === undefined) return undefined
  if (value instanceof File) return value
  if (typeof FileList !== 'undefined' && value instanceof FileList) return value[0] ?? undefined
  if (Array.isArray(value) && value[0] instanceof File) return value[0]
  return undefined
}

/**
 * Browser form values → the payload the compiled schema validates (and the
 * JSON body sent). Hidden timestamp fields without a value carry the day of
 * the request, Colombia time (the appointment's fechaCita, see decisions).
 */
export function toPayload(form: FormDefinition, values: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const plain: Record<string, unknown> = {}
  const files: Record<string, FileDescriptor | undefined> = {}
  for (const c of form.campos) {
    const v = values[c.nombre]
    if (c.control === 'file') {
      const f = firstFile(v)
      files[c.nombre] = f ? { nombre: f.name, tipo: f.type, tamano: f.size } : undefined
      continue
    }
    if (c.control === 'hidden' && c.tipoDato === 'marcaTiempo' && (v === '' || v === undefined || v === null)) {
      plain[c.nombre] = dayTimestamp(todayInColombia(now))
      continue
    }
    plain[c.nombre] = v
  }
  return normalizeSubmission(form, plain, files)
}

/** The request body: the JSON payload, or multipart form data with the real files. */
export function requestBody(form: FormDefinition, payload: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> | FormData {
  if (form.envio !== 'multipart') return payload
  const data = new FormData()
  for (const c of form.campos) {
    if (c.control === 'file') {
      const f = firstFile(values[c.nombre])
      if (f) data.append(c.nombre, f, f.name)
      continue
    }
    const v = payload[c.nombre]
    if (v !== undefined && v !== null) data.append(c.nombre, String(v))
  }
  return data
}

/** The definition's success text with {id} replaced by the filing number. */
export function successText(form: FormDefinition, id: string | undefined): string {
  const template = form.exito ?? 'Solicitud radicada exitosamente con número: {id}'
  return template.replaceAll('{id}', id ?? '')
}
