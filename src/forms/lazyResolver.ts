import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import { sniffFiles, toPayload } from './clientPayload.ts'
import { fieldMessages } from './fieldMessages.ts'
import { loadPrecompiled, type PrecompiledModule } from './precompiled.ts'
import type { PreparedForm } from './prepared.ts'

/**
 * Loads the form's precompiled validator on demand: a page that merely shows
 * a form downloads it only when the visitor starts filling it in. It is plain
 * generated code (no Ajv compiler, no `new Function`).
 */
export function loadValidator(formId: string): Promise<PrecompiledModule | undefined> {
  return loadPrecompiled(formId)
}

/**
 * react-hook-form resolver: normalizes the values exactly as the server does
 * (normalizeSubmission) and validates them with the precompiled code of the
 * definition, so browser and server show the same messages. Valid
 * submissions hand the raw values on (files included).
 */
export function lazyAjvResolver(prepared: PreparedForm): Resolver<FieldValues> {
  const known = new Set(prepared.definition.campos.map(c => c.nombre))
  return async values => {
    const compiled = await loadValidator(prepared.definition.id)
    // Without the validator (a failed download) the server still validates: let the submission through.
    if (!compiled) return { values, errors: {} }
    await sniffFiles(prepared.definition, values)
    const payload = toPayload(prepared.definition, values)
    if (compiled.validate(payload)) return { values, errors: {} }
    const errors: Record<string, FieldError> = {}
    for (const [name, message] of Object.entries(fieldMessages(compiled.validate.errors ?? [], known))) errors[name] = { type: 'validate', message }
    return { values: {}, errors: errors as FieldErrors }
  }
}
