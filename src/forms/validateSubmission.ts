import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import ajvErrors from 'ajv-errors'
import addFormats from 'ajv-formats'
import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { compileFormSchema, FALLBACK_MESSAGE } from './compileFormSchema.ts'

export type FieldMessages = Record<string, string>

export type ValidationOutcome = { ok: true; value: Record<string, unknown> } | { ok: false; fields: FieldMessages }

/** Same Ajv setup as @hookform/resolvers/ajv, so server and browser agree. */
function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, validateSchema: true })
  ajvErrors.default(ajv)
  addFormats.default(ajv)
  return ajv
}

/** Field name → first message, the shape the API answers with on 400. */
export function fieldMessages(errors: ErrorObject[]): FieldMessages {
  const out: FieldMessages = {}
  const put = (e: ErrorObject, message: string | undefined) => {
    const segments = e.instancePath.split('/').slice(1)
    if (e.keyword === 'required') segments.push(String((e.params as { missingProperty: string }).missingProperty))
    if (e.keyword === 'additionalProperties') segments.push(String((e.params as { additionalProperty: string }).additionalProperty))
    const field = segments[0] ?? '_formulario'
    if (!out[field]) out[field] = message ?? FALLBACK_MESSAGE
  }
  for (const e of errors) {
    if (e.keyword === 'errorMessage') {
      for (const original of (e.params as { errors: ErrorObject[] }).errors) put(original, e.message)
    } else put(e, FALLBACK_MESSAGE)
  }
  return out
}

export function createFormValidator(form: FormDefinition, lookups?: Lookups): (payload: unknown) => ValidationOutcome {
  const validate: ValidateFunction = newAjv().compile(compileFormSchema(form, lookups))
  return (payload) => {
    if (validate(payload)) return { ok: true, value: payload as Record<string, unknown> }
    return { ok: false, fields: fieldMessages(validate.errors ?? []) }
  }
}
