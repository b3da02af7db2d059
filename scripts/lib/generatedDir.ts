/**
 * Where a build writes the files derived from the manifest that the bundles import (the route list, the
 * precompiled form validators). The single site keeps them in `src/generated/` as always (its server loads
 * the validators from there). A platform site's build (`npm run build -- --sitio <id>`) writes them inside its
 * own output folder, named by ESE_GENERATED_DIR, so builds of different sites never share one: the bundler
 * reads them from there through vite.config.ts (redirectGeneratedImports).
 */
import fs from 'node:fs'
import path from 'node:path'

export const GENERATED_DIR_ENV = 'ESE_GENERATED_DIR'

export function defaultGeneratedDir(root: string): string {
  return path.join(root, 'src', 'generated')
}

export function generatedDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[GENERATED_DIR_ENV]
  return chosen ? path.resolve(root, chosen) : defaultGeneratedDir(root)
}

/** A relative module specifier, then `generated/`, inside a string literal: how src/ imports the generated files. */
const GENERATED_SPECIFIER = /(['"`])((?:\.\.?\/)+)generated\//g

/**
 * `code` of the module `file` with every relative import of `<root>/src/generated/…` pointed at `target` instead
 * (still relative: the bundler turns `../generated/validadores/${id}.js` into a glob only for relative paths), or
 * undefined when it imports nothing from there.
 */
export function redirectGeneratedImports(code: string, file: string, root: string, target: string): string | undefined {
  const from = path.dirname(file)
  const original = defaultGeneratedDir(root)
  let changed = false
  const out = code.replace(GENERATED_SPECIFIER, (whole, quote: string, up: string) => {
    if (path.resolve(from, up, 'generated') !== original) return whole
    changed = true
    const rel = path.relative(from, target).split(path.sep).join('/')
    if (path.isAbsolute(rel)) throw new Error(`${GENERATED_DIR_ENV} (${target}) must be on the same drive as the project`)
    return `${quote}${rel.startsWith('.') ? rel : `./${rel}`}/`
  })
  return changed ? out : undefined
}

/**
 * Vike loads every `+route.ts` at configuration time through an esbuild of its own, which follows their import of
 * `src/generated/routes.json` as written (the redirect above is the bundler's only). The list it reads there is
 * not used (a build's pages are routed by its bundles, which import its own folder's list), but the file must
 * exist: a platform site built in a fresh checkout, before any single-site build or `npm run generate`, failed
 * with «Could not resolve "../../generated/routes.json"». So an empty list is written there when there is none;
 * an existing one (the single site's) is never touched.
 */
export function ensureConfigTimeRoutes(root: string): void {
  const file = path.join(defaultGeneratedDir(root), 'routes.json')
  if (fs.existsSync(file)) return
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Written aside and renamed: site builds started together may both write it.
  const aside = `${file}.${process.pid}.tmp`
  fs.writeFileSync(aside, `${JSON.stringify({ contenido: [], interactivo: [] })}\n`)
  fs.renameSync(aside, file)
}
