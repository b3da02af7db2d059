import type { Campo, FormDefinition, Lookups, Regla } from '../manifest/types.generated.ts'

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
 * required" (see docs/decisions.md, issue 13).
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
  if (c.opciones) return c.opciones.map((o) => (c.tipoDato === 'entero' ? Number(o.valor) : o.valor))
  if (c.lista) return lookups?.[c.lista]?.map((o) => o.id)
  return undefined
}

function fieldSchema(c: Campo, lookups: Lookups['listas'] | undefined, conditional: boolean): JsonSchema {
  const msg = messagesFor(c)
  if (c.control === 'file') {
    const accepted = (c.aceptar ?? 'application/pdf').split(',').map((s) => s.trim())
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
      then: { properties: { [c.nombre]: patternSchema(rule.entonces.patron, rule.entonces.mensaje) } },
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
  for (const r of form.reglas ?? []) rulesByField.set(r.entonces.campo, [...(rulesByField.get(r.entonces.campo) ?? []), r])
  for (const c of form.campos) {
    properties[c.nombre] = fieldSchema(c, lookups?.listas, rulesByField.has(c.nombre))
    if (c.requerido) {
      required.push(c.nombre)
      requiredMessages[c.nombre] = messagesFor(c).required
    }
  }
  const allOf: JsonSchema[] = []
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
