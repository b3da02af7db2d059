import type { HTMLElement } from 'node-html-parser'
import type { ExpectStatic } from 'vitest'
import type { ManifestSectionOf } from './module.ts'
import type { SectionType } from '../types.ts'

/**
 * The rendering sample of a section type (`sample.ts` in its folder): a small
 * manifest section, rendered against tests/fixtures/manifest-min, and what a
 * visitor must see from it. Only tests import samples.
 */
export interface SectionSample<K extends SectionType> {
  section: ManifestSectionOf<K>
  check: (html: HTMLElement, expect: ExpectStatic) => void
}
