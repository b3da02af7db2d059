import type { Campo, FormDefinition, Lookups, Regla } from '../manifest/types.generated.ts'
import { acceptedTypes, typeNames } from './fileType.ts'

/**
 * A form definition compiles to one JSON Schema (draft-07) with ajv-errors
 * messages. At build time it is turned into standalone validator code
 * (precompiled.ts): the browser runs that code on the normalized form values
 * and the server runs the same code on the request body, so both give the
 * same messages and the browser never compiles anything (no `new Function`,
 * no 'unsafe-eval' in the CSP).
 *
 * Messages: an empty required field gets `mensajes.requerido` (the spec's text,
 * verbatim). A field that was filled but is wrong gets an honest message that
 * says what is wrong (`patron`, `formato`, `longitudMaxima`), never "is
 * required" (see docs/decisions/forms.md).
 */
export type JsonSchema = Record<string, unknown>

export const FALLBACK_MESSAGE = 'Revise este campo.'

/** Default maximum length by control when the definition gives none: every free-text field is bounded. */
export const DEFAULT_MAX_LENGTH: Partial<Record<Campo['control'], number>> = {
  text: 200,
  email: 254,
  tel: 30,
  textarea: 10_000,
  hidden: 200,
  select: 200,
  radio: 200,
}

/**
 * E-mail address: a local part of the usual characters, an @, and a domain
 * of labels with a dot (the same shape as ajv-formats' `email`). It is a
 * pattern, not a format, so the standalone code needs no format library.
 * Whitespace, line breaks and a second @ can never match.
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"

/**
 * Timestamps (milliseconds) are bounded: from 2000-01-01 to 2100-01-01,
 * Colombia time. A filing's date outside that range is a forged or broken
 * request (1e20 once made the office's export fail).
 */
export const TIMESTAMP_MIN = Date.parse('2000-01-01T00:00:00-05:00')
export const TIMESTAMP_MAX = Date.parse('2100-01-01T00:00:00-05:00')

export const DEFAULT_MESSAGES = {
  pattern: 'El valor escrito no tiene el formato esperado.',
  email: 'Escriba un correo electrónico válido, por ejemplo nombre@correo.com.',
  date: 'La fecha no es válida.',
  maxLength: (n: number) => `El texto supera el máximo de ${n} caracteres.`,
} as const

export interface FileDescriptor {
  nombre: string
  tipo: string
  tamano: number
}

/**
 * The validated value of an `archivos` field (several attachments): the
 * descriptors and their total size, so the per-filing limit is one schema
 * keyword checked the same way in the browser and on the server. The stored
 * filing keeps only the list (see attachmentsValue).
 */
export interface FilesValue {
  archivos: FileDescriptor[]
  tamanoTotal: number
}

/** Defaults of an `archivos` field: files per filing, megabytes per file and per filing. */
export const FILES_DEFAULTS = { maximoArchivos: 5, tamanoMaximoMB: 10, tamanoTotalMB: 20 } as const

/** A file control: one file (`file`) or several attachments (`archivos`). */
export function isFileControl(c: Campo): boolean {
  return c.control === 'file' || c.control === 'archivos'
}

/** The limits of an `archivos` field in bytes, with the definition's defaults applied. */
export function filesLimits(c: Campo): { maxFiles: number; maxFileBytes: number; maxTotalBytes: number; accepted: string[] } {
  return {
    maxFiles: c.maximoArchivos ?? FILES_DEFAULTS.maximoArchivos,
    maxFileBytes: Math.floor((c.tamanoMaximoMB ?? FILES_DEFAULTS.tamanoMaximoMB) * 1024 * 1024),
    maxTotalBytes: Math.floor((c.tamanoTotalMB ?? FILES_DEFAULTS.tamanoTotalMB) * 1024 * 1024),
    accepted: acceptedTypes(c.aceptar),
  }
}

/** The honest messages of an `archivos` field, from the definition or derived from its limits. */
export function filesMessages(c: Campo): { required: string; format: string; fileTooLarge: string; count: string; total: string } {
  const m = c.mensajes ?? {}
  const accepted = acceptedTypes(c.aceptar)
  return {
    required: m.requerido ?? 'Adjunte al menos un archivo.',
    format: m.formato ?? `Solo se admiten archivos ${typeNames(accepted)}; se revisa el contenido de cada archivo, no su nombre.`,
    fileTooLarge: m.longitudMaxima ?? `Cada archivo puede pesar como máximo ${c.tamanoMaximoMB ?? FILES_DEFAULTS.tamanoMaximoMB} MB.`,
    count: m.cantidad ?? `Puede adjuntar como máximo ${c.maximoArchivos ?? FILES_DEFAULTS.maximoArchivos} archivos por solicitud.`,
    total: m.tamanoTotal ?? `Los archivos juntos superan el máximo de ${c.tamanoTotalMB ?? FILES_DEFAULTS.tamanoTotalMB} MB por solicitud.`,
  }
}

/** A field is an e-mail when its control or its format says so (control: email implies the format). */
export function isEmailField(c: Campo): boolean {
  return c.control === 'email' || c.formato === 'email'
}

export function maxLengthOf(c: Campo): number | undefined {
  return c.longitudMaxima ?? DEFAULT_MAX_LENGTH[c.control]
}

function messagesFor(c: Campo): { required: string; pattern: string; format: string; maxLength: string; option: string } {
  const m = c.mensajes ?? {}
  const required = m.requerido ?? m.patron ?? m.formato ?? FALLBACK_MESSAGE
  const max = maxLengthOf(c)
  return {
    required,
    pattern: m.patron ?? DEFAULT_MESSAGES.pattern,
    format: m.formato ?? (isEmailField(c) ? DEFAULT_MESSAGES.email : c.tipoDato === 'marcaTiempo' ? required : DEFAULT_MESSAGES.pattern),
    maxLength: m.longitudMaxima ?? (max ? DEFAULT_MESSAGES.maxLength(max) : required),
    option: m.opcion ?? required,
  }
}

function optionValues(c: Campo, lookups: Lookups['listas'] | undefined): Array<string | number> | undefined {
  if (c.opciones) return c.opciones.map(o => (c.tipoDato === 'entero' ? Number(o.valor) : o.valor))
  if (c.lista) return lookups?.[c.lista]?.map(o => o.id)
  return undefined
}

function filesSchema(c: Campo): JsonSchema {
  const limits = filesLimits(c)
  const msg = filesMessages(c)
  return {
    type: 'object',
    required: ['archivos', 'tamanoTotal'],
    additionalProperties: false,
    properties: {
      archivos: {
        type: 'array',
        minItems: 1,
        maxItems: limits.maxFiles,
        items: {
          type: 'object',
          required: ['nombre', 'tipo', 'tamano'],
          properties: {
            nombre: { type: 'string', minLength: 1, maxLength: 255 },
            tipo: { type: 'string', enum: limits.accepted, errorMessage: msg.format },
            tamano: { type: 'integer', minimum: 1, maximum: limits.maxFileBytes, errorMessage: { maximum: msg.fileTooLarge, _: msg.required } },
          },
        },
        errorMessage: { maxItems: msg.count, minItems: msg.required, type: msg.required },
      },
      tamanoTotal: { type: 'integer', minimum: 1, maximum: limits.maxTotalBytes, errorMessage: { maximum: msg.total, _: msg.required } },
    },
    errorMessage: { type: msg.required, required: msg.required, additionalProperties: msg.required },
  }
}

function fieldSchema(c: Campo, lookups: Lookups['listas'] | undefined, conditional: boolean): JsonSchema {
  const msg = messagesFor(c)
  if (c.control === 'archivos') return filesSchema(c)
  if (c.control === 'file') {
    const accepted = acceptedTypes(c.aceptar)
    return {
      type: 'object',
      required: ['nombre', 'tipo', 'tamano'],
      properties: {
        nombre: { type: 'string', minLength: 1, maxLength: 255 },
        tipo: { type: 'string', enum: accepted, errorMessage: msg.format },
        tamano: {
          type: 'integer',
          minimum: 1,
          maximum: Math.floor((c.tamanoMaximoMB ?? 10) * 1024 * 1024),
          errorMessage: { minimum: msg.required, maximum: msg.maxLength, _: msg.required },
        },
      },
      errorMessage: { _: msg.required },
    }
  }
  switch (c.tipoDato) {
    case 'booleano':
      return { type: 'boolean', ...(c.requerido ? { const: true } : {}), errorMessage: msg.required }
    case 'marcaTiempo':
      return {
        type: 'integer',
        minimum: TIMESTAMP_MIN,
        maximum: TIMESTAMP_MAX,
        errorMessage: { minimum: msg.format, maximum: msg.format, _: msg.required },
      }
    case 'entero': {
      const options = optionValues(c, lookups)
      return {
        type: 'integer',
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        ...(options ? { enum: options } : {}),
        errorMessage: { enum: msg.option, _: msg.required },
      }
    }
    default: {
      const options = optionValues(c, lookups)
      const schema: JsonSchema = { type: 'string' }
      if (c.requerido) schema.minLength = 1
      // A required text made only of spaces counts as empty (values are trimmed first, this is the fallback).
      if (c.requerido) schema.pattern = '\\S'
      // A field with a conditional rule gets its pattern from the if/then/else chain instead.
      if (c.patron && !conditional) schema.pattern = c.patron
      const max = maxLengthOf(c)
      if (max) schema.maxLength = max
      const email = isEmailField(c)
      if (options) schema.enum = options
      schema.errorMessage = {
        type: msg.required,
        minLength: msg.required,
        pattern: c.patron && !conditional ? msg.pattern : msg.required,
        maxLength: msg.maxLength,
        enum: msg.option,
      }
      if (email) {
        // The e-mail shape lives in a subschema so its message is the format's, not the required one.
        return { allOf: [schema, { type: 'string', pattern: EMAIL_PATTERN, errorMessage: { pattern: msg.format } }] }
      }
      return schema
    }
  }
}

/** One `if` of a rule: the deciding field is present and holds one of the values. */
function conditionOf(rule: Regla): JsonSchema {
  return { required: [rule.si.campo], properties: { [rule.si.campo]: { enum: rule.si.valores } } }
}

function patternSchema(pattern: string, message: string): JsonSchema {
  return { type: 'string', pattern, errorMessage: { pattern: message } }
}

/** A rule that swaps a field's pattern (`entonces: { campo, patron, mensaje }`). */
function isPatternRule(r: Regla): r is Regla & { entonces: { campo: string; patron: string; mensaje: string } } {
  return typeof r.entonces.campo === 'string' && typeof r.entonces.patron === 'string'
}

/**
 * Fields a rule hides (`entonces: { ocultar }`), with the conditions that
 * hide each: such a field is required only when none of them holds, and is
 * dropped from the submission when one does (normalize.ts).
 */
export function hiddenFieldConditions(form: FormDefinition): Map<string, Regla['si'][]> {
  const out = new Map<string, Regla['si'][]>()
  for (const r of form.reglas ?? []) for (const name of r.entonces.ocultar ?? []) out.set(name, [...(out.get(name) ?? []), r.si])
  return out
}

/** Whether a field must be filled for these (normalized) values: `requerido`, or `requeridoSi` when its condition holds. */
export function isRequiredNow(c: Campo, values: Record<string, unknown>): boolean {
  return c.requerido === true || (c.requeridoSi !== undefined && conditionHolds(c.requeridoSi, values))
}

/** Whether a rule's condition holds for these (normalized) values; numbers and their digit strings compare equal. */
export function conditionHolds(si: Regla['si'], values: Record<string, unknown>): boolean {
  const v = values[si.campo]
  return v !== undefined && v !== null && v !== '' && si.valores.some(x => String(x) === String(v))
}

/**
 * The rules of one target field as a chain at the form's level (a rule looks
 * at another field): if rule 1 then its pattern, else if rule 2 then its
 * pattern … else the field's own pattern.
 */
function ruleChain(c: Campo, rules: Regla[]): JsonSchema {
  const own: JsonSchema = c.patron ? { properties: { [c.nombre]: patternSchema(c.patron, messagesFor(c).pattern) } } : {}
  return rules.reduceRight<JsonSchema>(
    (otherwise, rule) => ({
      if: conditionOf(rule),
      then: { properties: { [c.nombre]: patternSchema(rule.entonces.patron!, rule.entonces.mensaje ?? FALLBACK_MESSAGE) } },
      else: otherwise,
    }),
    own,
  )
}

export function compileFormSchema(form: FormDefinition, lookups?: Lookups): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const requiredMessages: Record<string, string> = {}
  const rulesByField = new Map<string, Regla[]>()
  for (const r of form.reglas ?? []) if (isPatternRule(r)) rulesByField.set(r.entonces.campo, [...(rulesByField.get(r.entonces.campo) ?? []), r])
  const hidden = hiddenFieldConditions(form)
  const allOf: JsonSchema[] = []
  for (const c of form.campos) {
    properties[c.nombre] = fieldSchema(c, lookups?.listas, rulesByField.has(c.nombre))
    const hiddenWhen = hidden.get(c.nombre)
    if (c.requerido && hiddenWhen) {
      // Required unless a rule hides it (e.g. the identity of an anonymous petition): same message, under the condition.
      const message = c.control === 'archivos' ? filesMessages(c).required : messagesFor(c).required
      allOf.push({
        if: { anyOf: hiddenWhen.map(si => conditionOf({ si, entonces: {} } as Regla)) },
        else: { required: [c.nombre], errorMessage: { required: { [c.nombre]: message } } },
      })
    } else if (c.requerido) {
      required.push(c.nombre)
      requiredMessages[c.nombre] = c.control === 'archivos' ? filesMessages(c).required : messagesFor(c).required
    } else if (c.requeridoSi) {
      // Required only under a condition (e.g. the e-mail when the reply goes by e-mail), with the field's own message.
      const message = c.control === 'archivos' ? filesMessages(c).required : messagesFor(c).required
      allOf.push({
        if: conditionOf({ si: c.requeridoSi, entonces: {} } as Regla),
        then: { required: [c.nombre], errorMessage: { required: { [c.nombre]: message } } },
      })
    }
  }
  // Values a field may not take under a condition (e.g. no anonymous request for a personal document).
  for (const r of form.reglas ?? []) {
    const { campo, excluir, mensaje } = r.entonces
    if (campo === undefined || excluir === undefined) continue
    allOf.push({ if: conditionOf(r), then: { properties: { [campo]: { not: { enum: excluir }, errorMessage: { not: mensaje ?? FALLBACK_MESSAGE } } } } })
  }
  for (const c of form.campos) {
    const rules = rulesByField.get(c.nombre)
    if (!rules) continue
    // Only a filled (non-empty) value is checked against the pattern; empty is the required message's case.
    allOf.push({
      if: { required: [c.nombre], properties: { [c.nombre]: { type: 'string', minLength: 1 } } },
      then: ruleChain(c, rules),
    })
  }
  return {
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    ...(allOf.length > 0 ? { allOf } : {}),
    errorMessage: {
      type: 'El formulario no es válido.',
      required: requiredMessages,
      additionalProperties: 'El formulario contiene campos que no se esperan.',
    },
  }
}

/** The fields a rule hid in this stored or submitted filing (e.g. every personal datum of an anonymous petition). */
export function hiddenFieldsOf(form: FormDefinition, datos: Record<string, unknown>): string[] {
  return [...hiddenFieldConditions(form)].filter(([, conditions]) => conditions.some(si => conditionHolds(si, datos))).map(([name]) => name)
}
