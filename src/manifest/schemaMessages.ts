import type { ErrorObject } from 'ajv'
import { needsRenaming, renamedAssetLink } from './fileNames.ts'
import { readSchema } from './schemas.ts'

/** Turns an Ajv error into a plain-Spanish message for records staff. */
export interface Translated {
  path: Array<string | number>
  message: string
  /** true when the position should point at the key rather than the value. */
  atKey: boolean
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  integer: 'un número entero',
  number: 'un número',
  boolean: 'true o false',
  array: 'una lista (líneas que empiezan con «-»)',
  object: 'un bloque de campos',
  null: 'vacío',
}

export function instancePathSegments(instancePath: string): Array<string | number> {
  if (!instancePath) return []
  return instancePath
    .split('/')
    .slice(1)
    .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map(s => (/^\d+$/.test(s) ? Number(s) : s))
}

function show(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined
  let bestScore = Infinity
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase())
    if (d < bestScore) {
      bestScore = d
      best = c
    }
  }
  return bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]!
}

function patternMessage(field: string | number | undefined, value: unknown): string {
  const v = show(value)
  switch (field) {
    case 'ruta':
    case 'redirigirA':
    case 'mapaSitio':
      return `la ruta «${v}» no es válida: debe empezar por «/» y usar solo minúsculas, números y guiones`
    case 'archivo':
      if (typeof value === 'string' && value.startsWith('/assets/') && needsRenaming(value)) {
        return `el nombre del archivo «${v}» tiene espacios, tildes o «ñ»: renombre el archivo como lo haría npm run docs:add y escriba «${renamedAssetLink(value)}»`
      }
      return `el archivo «${v}» debe escribirse como /assets/carpeta/archivo.pdf, sin espacios`
    case 'url':
    case 'politicaDatos':
    case 'subtitulos':
    case 'transcripcion':
      return `el enlace «${v}» no es válido: debe empezar por «/» (página o /assets/) o por https://`
    case 'primario':
    case 'fondoClaro':
      return `el color «${v}» debe escribirse en hexadecimal con seis cifras y entre comillas, por ejemplo "#0b5394"`
    case 'id':
      return `el identificador «${v}» solo puede tener minúsculas, números y guiones`
    case 'ancla':
      return `el ancla «${v}» debe empezar por una letra y tener solo minúsculas, números y guiones (se enlaza como /ruta#${v})`
    case 'datosGovCo':
      return `la dirección «${v}» no es de datos.gov.co: escriba la del conjunto de datos en el portal, que empieza por https://www.datos.gov.co/`
    default:
      return `el valor «${v}» no tiene el formato esperado`
  }
}

export function translateAjvError(error: ErrorObject, data: unknown): Translated {
  const path = instancePathSegments(error.instancePath)
  const field = path[path.length - 1]
  const value = valueAt(data, path)
  const p = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return { path, atKey: false, message: `falta el campo obligatorio «${p.missingProperty}»` }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty)
      const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {})
      const suggestion = closest(extra, allowed)
      return {
        path: [...path, extra],
        atKey: true,
        message:
          `el campo «${extra}» no existe aquí` +
          (suggestion ? ` (¿quiso decir «${suggestion}»?)` : allowed.length ? ` (campos posibles: ${allowed.join(', ')})` : ''),
      }
    }
    case 'type':
      // `primario: #0b5394` without quotes is an empty value: in YAML «#» starts a comment.
      if (path[path.length - 2] === 'colores' && value === null)
        return {
          path,
          atKey: false,
          message: `«${String(field)}» está vacío: escriba el color entre comillas, por ejemplo ${String(field)}: "#0b5394" (sin comillas, «#» empieza un comentario)`,
        }
      return { path, atKey: false, message: `«${String(field ?? 'valor')}» debe ser ${TYPE_NAMES[String(p.type)] ?? p.type}` }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
      if (field === 'anio' || field === 'desde' || field === 'hasta') return { path, atKey: false, message: `el año «${show(value)}» no es válido` }
      return {
        path,
        atKey: false,
        message: `el valor «${show(value)}» está fuera del rango permitido (${error.keyword === 'maximum' ? 'máximo' : 'mínimo'} ${p.limit})`,
      }
    case 'pattern':
      return { path, atKey: false, message: patternMessage(field, value) }
    case 'format':
      if (p.format === 'date') return { path, atKey: false, message: dateMessage(show(value)) }
      if (p.format === 'email') return { path, atKey: false, message: `el correo «${show(value)}» no es válido` }
      return { path, atKey: false, message: `el valor «${show(value)}» no tiene el formato ${p.format}` }
    case 'enum':
      return { path, atKey: false, message: `«${show(value)}» no es un valor permitido; use uno de: ${(p.allowedValues as unknown[]).map(show).join(', ')}` }
    case 'const':
      return { path, atKey: false, message: `el valor debe ser «${show(p.allowedValue)}»` }
    case 'discriminator': {
      if (p.error === 'tag') return { path, atKey: false, message: 'a la sección le falta el campo «tipo»' }
      const valid = sectionTypes()
      const guess = closest(show(p.tagValue), valid)
      return {
        path: [...path, 'tipo'],
        atKey: false,
        message: `el tipo de sección «${show(p.tagValue)}» no existe${guess ? ` (¿quiso decir «${guess}»?)` : ''}; tipos válidos: ${valid.join(', ')}`,
      }
    }
    case 'minItems':
      return { path, atKey: false, message: `la lista «${String(field)}» necesita al menos ${p.limit} elemento(s)` }
    case 'minLength':
      return { path, atKey: false, message: `el campo «${String(field)}» no puede estar vacío` }
    case 'propertyNames':
      return { path, atKey: false, message: `un nombre de este bloque no es válido: solo minúsculas, números y guiones` }
    case 'oneOf':
    case 'anyOf':
      return { path, atKey: false, message: 'el valor no corresponde a ninguna de las formas permitidas (texto, número o enlace con «texto» y «url»)' }
    default:
      return { path, atKey: false, message: `valor no válido (${error.message ?? error.keyword})` }
  }
}

/**
 * Staff write dates as they read them, day first (21/07/2027): name the date
 * in the form the manifest needs rather than only refusing it.
 */
function dateMessage(value: string): string {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim())
  if (m) {
    const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])]
    const date = new Date(Date.UTC(year, month - 1, day))
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) {
      return `la fecha «${value}» está escrita como DD/MM/AAAA: escriba ${date.toISOString().slice(0, 10)} (año-mes-día)`
    }
  }
  return `la fecha «${value}» no es válida: use AAAA-MM-DD y una fecha que exista`
}

function valueAt(data: unknown, path: Array<string | number>): unknown {
  let cur: unknown = data
  for (const s of path) {
    if (cur && typeof cur === 'object') cur = (cur as Record<string | number, unknown>)[s]
    else return undefined
  }
  return cur
}

/** Drops the noise Ajv emits for oneOf branches when the oneOf itself is reported. */
export function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter(e => e.keyword === 'oneOf' || e.keyword === 'anyOf').map(e => e.instancePath))
  const propertyNamesPaths = new Set(errors.filter(e => e.keyword === 'propertyNames').map(e => e.instancePath))
  return errors.filter(e => {
    if (e.keyword === 'if') return false
    if (propertyNamesPaths.has(e.instancePath) && e.keyword === 'pattern' && e.schemaPath.includes('propertyNames')) return false
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && /\/(oneOf|anyOf)\/\d+/.test(e.schemaPath) && oneOfPaths.has(e.instancePath)) return false
    return true
  })
}

let sectionTypeList: string[] | undefined

/** The section `tipo`s the page schema accepts, in the schema's order. */
export function sectionTypes(): string[] {
  if (sectionTypeList) return sectionTypeList
  const page = readSchema('page') as { $defs: Record<string, { oneOf?: Array<{ $ref: string }>; properties?: { tipo?: { const?: string } } }> }
  sectionTypeList = (page.$defs.seccion?.oneOf ?? []).flatMap(o => page.$defs[o.$ref.replace('#/$defs/', '')]?.properties?.tipo?.const ?? [])
  return sectionTypeList
}
