/**
 * The folder where staff commands (`npm run validate`, `npm run build` and
 * Vike's pre-render process it starts) keep what they computed from files
 * that rarely change: the schemas compiled as Ajv standalone code, and the
 * data of every YAML file already parsed. Undefined: nothing is kept (tests,
 * the server). Each entry is named or checked by a hash of its inputs, so a
 * stale entry is never used.
 */
import { readBuildPlan } from './buildPlan.ts'

let chosen: string | undefined | null = null

/** `undefined` turns the cache off; never called: the build plan's `cacheDir` decides (buildPlan.ts). */
export function setCompiledCacheDir(dir: string | undefined): void {
  chosen = dir
}

export function compiledCacheDir(): string | undefined {
  return chosen === null ? readBuildPlan().cacheDir || undefined : chosen
}
