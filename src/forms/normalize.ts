import type { Campo, FormDefinition } from '../manifest/types.generated.ts'
import { conditionHolds, hiddenFieldConditions, type FileDescriptor, type FilesValue } from './compileFormSchema.ts'

/** The files of a submission by field: one descriptor for a `file` field, a list for an `archivos` field. */
export type SubmittedFiles = Record<string, FileDescriptor | FileDescriptor[] | undefined>

/**
 * Characters no citizen means to type and that can hurt the office: NUL and
 * the other C0/C1 controls (line breaks and tabs of a text area stay), and
 * the Unicode bidirectional controls that can make «fdp.exe» read «exe.pdf».
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export function stripControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '')
}

/** Document number as people write it: dots, spaces and the thousands separators go; letters become capitals. */
export function normalizeDocument(text: string): string {
  return text.replace(/[.\s\u00a0,']/g, '').toUpperCase()
}

/**
 * Phone number as people write it: spaces, dots, dashes and parentheses go;
 * Colombia's country code (+57, 0057, or 57 before ten digits) goes too,
 * since a Colombian number is then unambiguous. A foreign number keeps its +.
 */
export function normalizePhone(text: string): string {
  let t = text.replace(/[\s\u00a0.\-()/]/g, '')
  if (t.startsWith('00')) t = `+${t.slice(2)}`
  if (t.startsWith('+57')) return t.slice(3)
  if (/^57[0-9]{10}$/.test(t)) return t.slice(2)
  return t
}

function normalizeText(c: Campo, text: string): string {
  // A single-line control never holds a line break: it comes from a forged request.
  const clean = stripControls(c.control === 'textarea' ? text : text.replace(/[\r\n\t]/g, ' ')).trim()
  if (c.normalizar === 'documento') return normalizeDocument(clean)
  if (c.normalizar === 'telefono' || (c.control === 'tel' && c.normalizar === undefined)) return normalizePhone(clean)
  return clean
}

function normalizeValue(c: Campo, raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined
  switch (c.tipoDato) {
    case 'entero':
    case 'marcaTiempo':
      if (typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw.trim())) return Number(raw.trim())
      return raw
    case 'booleano':
      if (raw === 'true' || raw === 'on') return true
      if (raw === 'false' || raw === '') return false
      return raw
    default:
      return typeof raw === 'string' ? normalizeText(c, raw) : raw
  }
}

/**
 * Form values (browser) or request fields (server) → the payload the schema
 * validates: digit strings of numeric fields become numbers, text is trimmed,
 * files become {nombre, tipo, tamano}. Unknown keys pass through so the schema
 * can reject them.
 */
export function normalizeSubmission(form: FormDefinition, values: Record<string, unknown>, files: SubmittedFiles = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) out[key] = value
  for (const c of form.campos) {
    // Files come only from the files given here (the real uploads), never from a field of the body.
    if (c.control === 'file') {
      const file = files[c.nombre]
      if (file && !Array.isArray(file)) out[c.nombre] = file
      else delete out[c.nombre]
      continue
    }
    if (c.control === 'archivos') {
      const list = files[c.nombre]
      const archivos = Array.isArray(list) ? list : list ? [list] : []
      if (archivos.length > 0) out[c.nombre] = { archivos, tamanoTotal: archivos.reduce((n, f) => n + f.tamano, 0) } satisfies FilesValue
      else delete out[c.nombre]
      continue
    }
    const v = normalizeValue(c, values[c.nombre])
    // An optional text left empty is not given (a form always posts its empty inputs): an empty optional e-mail or
    // WhatsApp is no answer, not a wrong one, and a conditionally required one is then missing, with its message.
    if (v === undefined || (v === '' && c.requerido !== true)) delete out[c.nombre]
    else out[c.nombre] = v
  }
  // Fields a rule hides are never sent nor kept, whatever arrived (an anonymous petition keeps no personal data).
  for (const [name, conditions] of hiddenFieldConditions(form)) if (conditions.some(si => conditionHolds(si, out))) delete out[name]
  return out
}
