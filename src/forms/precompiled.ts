/**
 * The form validators compiled at build time (`npm run generate` writes
 * src/generated/validadores/<form>.js with Ajv's standalone code, see
 * standalone.ts). The browser and the server load the same file: nothing is
 * compiled at run time, so the browser needs no `new Function` and the CSP no
 * 'unsafe-eval', and Ajv's compiler is never downloaded.
 */
import type { ValidatorError } from './fieldMessages.ts'

export interface CompiledValidator {
  (data: unknown): boolean
  errors?: ValidatorError[] | null
}

export interface PrecompiledModule {
  validate: CompiledValidator
  /** SHA-256 of the JSON Schema the code was compiled from; the server compares it with the manifest it loaded. */
  sourceSchemaSha256: string
}

const cache = new Map<string, Promise<PrecompiledModule | undefined>>()

/** The precompiled validator of a form id, or undefined when the build did not produce one. */
export function loadPrecompiled(formId: string): Promise<PrecompiledModule | undefined> {
  if (!/^[a-z0-9-]+$/.test(formId)) return Promise.resolve(undefined)
  let p = cache.get(formId)
  if (!p) {
    p = import(`../generated/validadores/${formId}.js`).then(
      (m: { default: CompiledValidator; sourceSchemaSha256: string }) => ({ validate: m.default, sourceSchemaSha256: m.sourceSchemaSha256 }),
      () => undefined,
    )
    cache.set(formId, p)
  }
  return p
}
