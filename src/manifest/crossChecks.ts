import type { Manifest } from './load.ts'
import type { Problem } from './problem.ts'
import { accordionChecks } from './checks/accordions.ts'
import { checkContext, type CrossCheck } from './checks/context.ts'
import { contactChecks } from './checks/contact.ts'
import { documentAccessibilityChecks } from './checks/documentAccessibility.ts'
import { documentChecks } from './checks/documents.ts'
import { evidenceChecks } from './checks/evidence.ts'
import { formChecks } from './checks/forms.ts'
import { identityChecks } from './checks/identity.ts'
import { linkChecks } from './checks/links.ts'
import { mediaChecks } from './checks/media.ts'
import { pageChecks } from './checks/pages.ts'
import { transparencyChecks } from './checks/transparency.ts'

export type { CrossCheck } from './checks/context.ts'

/**
 * Every check that needs more than one file, by name, one module per family
 * (src/manifest/checks/). Each has its own fixture in
 * tests/unit/validator-checks.test.ts, which fails when a check is left out.
 */
export const CROSS_CHECKS: readonly CrossCheck[] = [
  ...pageChecks,
  ...accordionChecks,
  ...documentChecks,
  ...documentAccessibilityChecks,
  ...formChecks,
  ...linkChecks,
  ...mediaChecks,
  ...contactChecks,
  ...transparencyChecks,
  ...evidenceChecks,
  ...identityChecks,
]

/** Runs the given checks (all of them unless told) over a loaded manifest. */
export function crossCheck(m: Manifest, extraRoutes: string[] = [], checks: readonly CrossCheck[] = CROSS_CHECKS): Problem[] {
  const context = checkContext(m, extraRoutes)
  return checks.flatMap(check => check.run(context))
}
