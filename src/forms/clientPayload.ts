import type { FormDefinition } from '../manifest/types.generated.ts'
import type { FileDescriptor } from './compileFormSchema.ts'
import { dayTimestamp, todayInColombia } from '../manifest/colombiaTime.ts'
import { SNIFF_BYTES, sniffType } from './fileType.ts'
import { normalizeSubmission, type SubmittedFiles } from './normalize.ts'

/** The first File of a file input's value (FileList, File[] or File), if any. */
export function firstFile(value: unknown): File | undefined {
  if (typeof File === 'undefined' || value === null || value === undefined) return undefined
  if (value instanceof File) return value
  if (typeof FileList !== 'undefined' && value instanceof FileList) return value[0] ?? undefined
  if (Array.isArray(value) && value[0] instanceof File) return value[0]
  return undefined
}

/** Every File of a file input's value (FileList, File[] or File). */
export function allFiles(value: unknown): File[] {
  if (typeof File === 'undefined' || value === null || value === undefined) return []
  if (value instanceof File) return [value]
  if (typeof FileList !== 'undefined' && value instanceof FileList) return Array.from(value)
  if (Array.isArray(value)) return value.filter((v): v is File => v instanceof File)
  return []
}

/** What each chosen file is by its content (sniffFiles), so the browser refuses what the server would refuse. */
const sniffed = new WeakMap<File, string>()

/**
 * Reads the first bytes of every chosen file (asynchronous; the validator
 * runs after it). A file not read yet is described by the type the
 * computer announced; the server checks the content again in any case.
 */
export async function sniffFiles(form: FormDefinition, values: Record<string, unknown>): Promise<void> {
  const files = form.campos.filter(c => c.control === 'file' || c.control === 'archivos').flatMap(c => allFiles(values[c.nombre]))
  await Promise.all(
    files
      .filter(f => !sniffed.has(f))
      .map(async f => {
        try {
          sniffed.set(f, sniffType(new Uint8Array(await f.slice(0, SNIFF_BYTES).arrayBuffer())))
        } catch {
          // An unreadable file (removed from the disk meanwhile): the server decides.
        }
      }),
  )
}

function describe(f: File): FileDescriptor {
  return { nombre: f.name, tipo: sniffed.get(f) ?? f.type, tamano: f.size }
}

/**
 * Browser form values → the payload the compiled schema validates (and the
 * JSON body sent). Hidden timestamp fields without a value carry the day of
 * the request, Colombia time (the appointment's fechaCita, see decisions).
 */
export function toPayload(form: FormDefinition, values: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const plain: Record<string, unknown> = {}
  const files: SubmittedFiles = {}
  for (const c of form.campos) {
    const v = values[c.nombre]
    if (c.control === 'file') {
      const f = firstFile(v)
      files[c.nombre] = f ? describe(f) : undefined
      continue
    }
    if (c.control === 'archivos') {
      files[c.nombre] = allFiles(v)
        .filter(f => f.size > 0)
        .map(describe)
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

/**
 * The request body: the JSON payload, or multipart form data with the real
 * files (a multipart form; a JSON form whose citizen attached files in an
 * `archivos` field — without attachments it stays JSON, as the spec's call).
 */
export function requestBody(form: FormDefinition, payload: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> | FormData {
  const attached = form.campos.some(c => c.control === 'archivos' && allFiles(values[c.nombre]).some(f => f.size > 0))
  if (form.envio !== 'multipart' && !attached) return payload
  const data = new FormData()
  for (const c of form.campos) {
    if (c.control === 'file') {
      const f = firstFile(values[c.nombre])
      if (f) data.append(c.nombre, f, f.name)
      continue
    }
    if (c.control === 'archivos') {
      for (const f of allFiles(values[c.nombre])) if (f.size > 0) data.append(c.nombre, f, f.name)
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
