import type { Campo, FormDefinition, Lookups } from '../manifest/types.generated.ts'

/**
 * A form definition compiles to one JSON Schema (draft-07, the dialect of
 * @hookform/resolvers/ajv) with ajv-errors messages. The browser validates the
 * normalized form values with it and the server validates the request body
 * with it, so both give the same messages.
 */
export type JsonSchema = Record<string, unknown>

export const FALLBACK_MESSAGE = 'Revise este campo.'

export interface FileDescriptor {
  nombre: string
  tipo: string
  tamano: number
}

function messagesFor(c: Campo): { required: string; pattern: string; format: string; maxLength: string; option: string } {
  const m = c.mensajes ?? {}
  const required = m.requerido ?? m.patron ?? m.formato ?? FALLBACK_MESSAGE
  return {
    required,
    pattern: m.patron ?? required,
    format: m.formato ?? required,
    maxLength: m.longitudMaxima ?? m.formato ?? required,
    option: m.opcion ?? required,
  }
}

function optionValues(c: Campo, lookups: Lookups['listas'] | undefined): Array<string | number> | undefined {
  if (c.opciones) return c.opciones.map((o) => (c.tipoDato === 'entero' ? Number(o.valor) : o.valor))
  if (c.lista) return lookups?.[c.lista]?.map((o) => o.id)
  return undefined
}

function fieldSchema(c: Campo, lookups: Lookups['listas'] | undefined): JsonSchema {
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
    case 'entero':
    case 'marcaTiempo': {
      const options = optionValues(c, lookups)
      return {
        type: 'integer',
        minimum: 0,
        ...(options ? { enum: options } : {}),
        errorMessage: { enum: msg.option, _: msg.required },
      }
    }
    default: {
      const options = optionValues(c, lookups)
      const schema: JsonSchema = { type: 'string' }
      if (c.requerido) schema.minLength = 1
      // A required text made only of spaces counts as empty.
      if (c.patron) schema.pattern = c.patron
      else if (c.requerido) schema.pattern = '\\S'
      if (c.longitudMaxima) schema.maxLength = c.longitudMaxima
      if (c.formato) schema.format = c.formato
      if (options) schema.enum = options
      schema.errorMessage = {
        type: msg.required,
        minLength: msg.required,
        pattern: c.patron ? msg.pattern : msg.required,
        format: msg.format,
        maxLength: msg.maxLength,
        enum: msg.option,
      }
      return schema
    }
  }
}

export function compileFormSchema(form: FormDefinition, lookups?: Lookups): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const requiredMessages: Record<string, string> = {}
  for (const c of form.campos) {
    properties[c.nombre] = fieldSchema(c, lookups?.listas)
    if (c.requerido) {
      required.push(c.nombre)
      requiredMessages[c.nombre] = messagesFor(c).required
    }
  }
  return {
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    errorMessage: {
      type: 'El formulario no es válido.',
      required: requiredMessages,
      additionalProperties: 'El formulario contiene campos que no se esperan.',
    },
  }
}
