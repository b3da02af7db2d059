/**
 * What a file is, by its first bytes (its "magic number"), never by its name
 * or the type the visitor's computer announces: a renamed program stays a
 * program. The browser (before sending) and the server (before keeping)
 * both use this, so they refuse the same files with the same message.
 */

/** The file types a form may accept (`aceptar` of a file or archivos field). */
export const KNOWN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const
export type KnownType = (typeof KNOWN_TYPES)[number]

/** The type of anything else: never in a form's accepted list, so the schema refuses it. */
export const UNKNOWN_TYPE = 'application/octet-stream'

/** Bytes to read from the start of a file to recognise it. */
export const SNIFF_BYTES = 8

const SIGNATURES: ReadonlyArray<{ type: KnownType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
]

export function sniffType(head: Uint8Array): KnownType | typeof UNKNOWN_TYPE {
  for (const s of SIGNATURES) if (s.bytes.every((b, i) => head[i] === b)) return s.type
  return UNKNOWN_TYPE
}

/** Extension of the kept copy (DATA_DIR/adjuntos/<uuid><ext>). */
export function extensionOf(type: string): string {
  return type === 'image/jpeg' ? '.jpg' : type === 'image/png' ? '.png' : '.pdf'
}

/** The extensions a name may already end with for each known type (any case); the first is the one given. */
const EXTENSIONS: Record<KnownType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
}

/**
 * The name a file is kept and downloaded under: the sender's name with the extension of what the file is, so a PDF
 * named `x.html` or `x.bat` is `x.pdf` (the office's computer opens files by their extension, not their content).
 */
export function nameForType(name: string, type: string): string {
  const extensions = EXTENSIONS[type as KnownType]
  if (!extensions) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : ''
  if (extensions.includes(ext)) return name
  return `${dot > 0 ? name.slice(0, dot) : name}${extensions[0]}`
}

/** «PDF, JPEG o PNG» for messages and help texts. */
export function typeNames(types: readonly string[]): string {
  const names = types.map(t => (t === 'application/pdf' ? 'PDF' : t === 'image/jpeg' ? 'JPEG' : t === 'image/png' ? 'PNG' : t))
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} o ${names[names.length - 1]}`
}

/** The accepted types of a field's `aceptar` (default PDF only). */
export function acceptedTypes(aceptar: string | undefined): string[] {
  return (aceptar ?? 'application/pdf')
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)
}

/** A stored file value as staff read it: one file's name, or the names of several attachments. */
export function fileNames(value: unknown): string {
  const names = (Array.isArray(value) ? value : [value])
    .map(v => (v && typeof v === 'object' ? String((v as { nombre?: unknown }).nombre ?? '') : ''))
    .filter(Boolean)
  return names.join(', ')
}
