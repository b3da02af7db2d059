/**
 * Where a build writes the files derived from the manifest that its pre-render and its output need (the route
 * list, the precompiled form validators); the bundles import none of them (docs/decisions/build.md, «One bundle for
 * every site»). The single site keeps them in `src/generated/` as always (its server loads the validators from
 * there). A platform site's build (`npm run build -- --sitio <id>`) writes them inside its own output folder, named
 * in the build's options (src/build/buildSite.ts) and, for the processes it starts, in its plan
 * (src/manifest/buildPlan.ts), so builds of different sites never share one.
 */
import path from 'node:path'
import { readBuildPlan } from '../manifest/buildPlan.ts'

export function defaultGeneratedDir(root: string): string {
  return path.join(root, 'src', 'generated')
}

/** The generated folder of this process: its build plan's (a platform site's pre-render), or the checkout's. */
export function generatedDir(root: string): string {
  const chosen = readBuildPlan().generatedDir
  return chosen ? path.resolve(root, chosen) : defaultGeneratedDir(root)
}
