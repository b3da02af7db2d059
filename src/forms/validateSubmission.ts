import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { compileFormSchema } from './compileFormSchema.ts'
import { fieldMessages, type FieldMessages } from './fieldMessages.ts'
import { loadPrecompiled, type CompiledValidator } from './precompiled.ts'
import { newFormAjv, schemaSha256 } from './standalone.ts'

export { fieldMessages, type FieldMessages } from './fieldMessages.ts'

export type ValidationOutcome = { ok: true; value: Record<string, unknown> } | { ok: false; fields: FieldMessages }

export type FormValidator = ((payload: unknown) => ValidationOutcome) & {
  /** Where the code came from: the build's precompiled file, or compiled at start because that file is missing or stale. */
  origin: 'precompilado' | 'compilado-al-iniciar'
}

function wrap(validate: CompiledValidator, form: FormDefinition, origin: FormValidator['origin']): FormValidator {
  const known = new Set(form.campos.map(c => c.nombre))
  const run = (payload: unknown): ValidationOutcome => {
    if (validate(payload)) return { ok: true, value: payload as Record<string, unknown> }
    return { ok: false, fields: fieldMessages(validate.errors ?? [], known) }
  }
  return Object.assign(run, { origin })
}

/** Compiles the form's schema now with Ajv (server side only: the browser never does this). */
export function createFormValidator(form: FormDefinition, lookups?: Lookups): FormValidator {
  return wrap(newFormAjv().compile(compileFormSchema(form, lookups)) as CompiledValidator, form, 'compilado-al-iniciar')
}

/**
 * The validator the server uses: the build's precompiled code (the very file
 * the browser runs) when it was compiled from exactly this schema; otherwise
 * (manifest edited since the build, or another manifest folder) the schema is
 * compiled now, with the same Ajv setup, so the answer is the same.
 */
export async function loadFormValidator(form: FormDefinition, lookups?: Lookups): Promise<FormValidator> {
  const pre = await loadPrecompiled(form.id)
  if (pre && pre.sourceSchemaSha256 === schemaSha256(compileFormSchema(form, lookups))) return wrap(pre.validate, form, 'precompilado')
  return createFormValidator(form, lookups)
}
