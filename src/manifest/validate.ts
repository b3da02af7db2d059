import { crossCheck } from './crossChecks.ts'
import { loadManifest, type Manifest } from './load.ts'
import { manifestDir } from './paths.ts'
import { sortProblems, type Problem } from './problem.ts'

/** Routes that exist without a page manifest (generated files). */
export const GENERATED_ROUTES = ['/sitemap.xml', '/robots.txt']

export interface ValidationResult {
  manifest: Manifest
  problems: Problem[]
  errors: Problem[]
  warnings: Problem[]
}

export function validateManifest(dir = manifestDir()): ValidationResult {
  const { manifest, problems } = loadManifest(dir)
  // Files that failed their schema are still link-checked (every problem of a file in one run); a value the schema
  // already refused keeps that one message (a name with spaces is told how to rename it, not also that it is missing).
  const spot = (p: Problem) => `${p.file}:${p.line}:${p.col}`
  const refused = new Set(problems.filter(p => p.level === 'error').map(spot))
  const cross = crossCheck(manifest, GENERATED_ROUTES).filter(p => !refused.has(spot(p)))
  const all = sortProblems([...problems, ...cross])
  return {
    manifest,
    problems: all,
    errors: all.filter(p => p.level === 'error'),
    warnings: all.filter(p => p.level === 'aviso'),
  }
}
