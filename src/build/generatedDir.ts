/**
 * Where a build writes the files derived from the manifest that its pre-render and its output need (the route
 * list, the precompiled form validators); the bundles import none of them (docs/decisions/build.md, «One bundle for
 * every site»). The single site keeps them in `src/generated/` as always (its server loads the validators from
 * there). A platform site's build (`npm run build -- --sitio <id>`) writes them inside its own output folder, named
 * by ESE_GENERATED_DIR, so builds of different sites never share one.
 */
import path from 'node:path'

export const GENERATED_DIR_ENV = 'ESE_GENERATED_DIR'

export function defaultGeneratedDir(root: string): string {
  return path.join(root, 'src', 'generated')
}

export function generatedDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[GENERATED_DIR_ENV]
  return chosen ? path.resolve(root, chosen) : defaultGeneratedDir(root)
}
