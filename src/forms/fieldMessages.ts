/**
 * Validator errors (Ajv's shape, from the precompiled code or from Ajv) →
 * one message per field. No Ajv import: the browser uses this module too.
 */
import { FALLBACK_MESSAGE } from './compileFormSchema.ts'

export type FieldMessages = Record<string, string>

/** The part of Ajv's ErrorObject this module reads. */
export interface ValidatorError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message?: string
}

/** The key under which a message about the form as a whole (unknown fields, wrong shape) is given. */
export const FORM_KEY = '_formulario'

/**
 * Field name → first message, the shape the API answers with on 400. The
 * answer is bounded: unknown fields are not echoed one by one (7,000 junk
 * keys once made a 400 KB answer), they share one message under _formulario.
 * `known` lists the form's fields; without it every field name is kept.
 */
export function fieldMessages(errors: ReadonlyArray<ValidatorError>, known?: ReadonlySet<string>): FieldMessages {
  const out: FieldMessages = {}
  const put = (e: ValidatorError, message: string | undefined) => {
    // An if/then error only says "the then-branch failed": the branch's own error carries the message.
    if (e.keyword === 'if') return
    const segments = e.instancePath.split('/').slice(1)
    if (e.keyword === 'required') segments.push(String(e.params.missingProperty))
    if (e.keyword === 'additionalProperties') segments.push(String(e.params.additionalProperty))
    let field = segments[0] ?? FORM_KEY
    if (known && !known.has(field)) field = FORM_KEY
    if (!out[field]) out[field] = message ?? FALLBACK_MESSAGE
  }
  for (const e of errors) {
    if (e.keyword === 'errorMessage') {
      for (const original of e.params.errors as ValidatorError[]) put(original, e.message)
    } else put(e, FALLBACK_MESSAGE)
  }
  return out
}
