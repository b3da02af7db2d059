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
  const all = sortProblems([...problems, ...crossCheck(manifest, GENERATED_ROUTES)])
  return {
    manifest,
    problems: all,
    errors: all.filter(p => p.level === 'error'),
    warnings: all.filter(p => p.level === 'aviso'),
  }
}
