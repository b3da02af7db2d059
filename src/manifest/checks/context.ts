import type { Manifest, Sourced } from '../load.ts'
import type { Problem } from '../problem.ts'
import type { JsonPath } from '../yamlSource.ts'
import type { PageManifest } from '../types.generated.ts'

/** What every cross-file check may read, computed once per validation. */
export interface CheckContext {
  manifest: Manifest
  /** First page of each route (a repeated route is reported by its own check). */
  pagesByRoute: Map<string, Sourced<PageManifest>>
  /** Routes a link may point to: pages, routes declared elsewhere and generated files. */
  knownRoutes: Set<string>
}

/** One named check of the validator: a family module (src/manifest/checks/<family>.ts) exports a list of them. */
export interface CrossCheck {
  /** Stable name, used by tests (tests/unit/validator-checks.test.ts has one fixture per name). */
  name: string
  /**
   * Reads the contents of files in public/, not only their names. A build that reuses a kept validation
   * (src/build/validationCache.ts, whose key has public/'s names only) runs such checks again.
   */
  readsPublicFiles?: true
  run(context: CheckContext): Problem[]
}

export function checkContext(manifest: Manifest, extraRoutes: string[]): CheckContext {
  const pagesByRoute = new Map<string, Sourced<PageManifest>>()
  for (const page of manifest.pages) if (!pagesByRoute.has(page.data.ruta)) pagesByRoute.set(page.data.ruta, page)
  return { manifest, pagesByRoute, knownRoutes: new Set([...pagesByRoute.keys(), ...manifest.declared.routes, ...extraRoutes]) }
}

type WalkEntry = { key: string | number; value: unknown; path: JsonPath }

/** Entries of a whole manifest value, listed once: several checks walk every page (treat them as read-only). */
const walked = new WeakMap<object, readonly WalkEntry[]>()

/** Every key/index below `value`, depth first, with its path from `p`. */
export function walk(value: unknown, p: JsonPath): Iterable<WalkEntry> {
  const cacheable = p.length === 0 && value !== null && typeof value === 'object'
  const cached = cacheable ? walked.get(value) : undefined
  if (cached) return cached
  const out: WalkEntry[] = []
  // A plain recursion into one array: nested generators cost a step per level for every entry.
  const visit = (v: unknown, at: JsonPath) => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const path = [...at, i]
        out.push({ key: i, value: v[i], path })
        visit(v[i], path)
      }
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const path = [...at, k]
        out.push({ key: k, value: child, path })
        visit(child, path)
      }
    }
  }
  visit(value, p)
  if (cacheable) walked.set(value, out)
  return out
}

export function pick(data: unknown, p: JsonPath): unknown {
  let cur = data
  for (const s of p) cur = (cur as Record<string | number, unknown>)[s]
  return cur
}

/** Every section of a given `tipo` in every page, nested ones included, with its path. */
export function* sectionsOfType<T>(m: Manifest, tipo: string): Generator<{ page: Sourced<PageManifest>; path: JsonPath; section: T }> {
  for (const page of m.pages) {
    for (const { key, value, path: p } of walk(page.data, [])) {
      if (key === 'tipo' && value === tipo) yield { page, path: p.slice(0, -1), section: pick(page.data, p.slice(0, -1)) as T }
    }
  }
}
