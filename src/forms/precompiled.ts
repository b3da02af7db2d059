/**
 * The form validators compiled at build time (`npm run generate` writes
 * src/generated/validadores/<form>.js with Ajv's standalone code, see
 * standalone.ts). The browser and the server load the same file: nothing is
 * compiled at run time, so the browser needs no `new Function` and the CSP no
 * 'unsafe-eval', and Ajv's compiler is never downloaded.
 *
 * They are a site's data, not the bundles' code: the build puts them in the
 * site's output (`/_validadores/<form>.js`) and the browser fetches the one it
 * needs from there, so the bundles are the same for every site
 * (docs/decisions/build.md, «One bundle for every site»). The server reads the
 * checkout's generated folder.
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

/** The folder of a site's output (and URL path) that holds its forms' validators. */
export const VALIDATORS_PATH = '_validadores'

const cache = new Map<string, Promise<PrecompiledModule | undefined>>()

/**
 * Where the validator of `formId` is: the site's own URL in a browser; the generated folder beside src/ elsewhere.
 * Both are written so that no bundler reads them as imports (a glob of one site's files would make the bundles that
 * site's).
 */
function validatorAddress(formId: string): string {
  if (typeof document !== 'undefined') return `/${VALIDATORS_PATH}/${formId}.js`
  const relative = ['..', 'generated', 'validadores', `${formId}.js`].join('/')
  return new URL(relative, import.meta.url).href
}

/** The precompiled validator of a form id, or undefined when the build did not produce one. */
export function loadPrecompiled(formId: string): Promise<PrecompiledModule | undefined> {
  if (!/^[a-z0-9-]+$/.test(formId)) return Promise.resolve(undefined)
  let p = cache.get(formId)
  if (!p) {
    p = import(/* @vite-ignore */ validatorAddress(formId)).then(
      (m: { default: CompiledValidator; sourceSchemaSha256: string }) => ({ validate: m.default, sourceSchemaSha256: m.sourceSchemaSha256 }),
      () => undefined,
    )
    cache.set(formId, p)
  }
  return p
}
