import type { ComponentType } from 'react'
import type { Manifest } from '../../manifest/load.ts'
import type { Seccion } from '../../manifest/types.generated.ts'
import type { PreparedExtras, PreparedSection, PreparedSectionOf, SectionType } from '../types.ts'

export type ManifestSectionOf<K extends SectionType> = Extract<Seccion, { tipo: K }>

/** What a preparer may use: the whole manifest, and the preparation of nested sections (no import of the registry). */
export interface PrepareContext {
  manifest: Manifest
  prepareSections(sections: Seccion[]): PreparedSection[]
}

/** What a search-text function may use: the text of nested sections. */
export interface SearchTextContext {
  sectionsText(sections: Seccion[]): string
}

export type Preparer<K extends SectionType> = (section: ManifestSectionOf<K>, context: PrepareContext) => PreparedSectionOf<K>

interface SectionModuleBase<K extends SectionType> {
  tipo: K
  /** Renders the prepared section; nested sections go through useSectionList() (sectionContext.ts). */
  Component: ComponentType<{ section: PreparedSectionOf<K> }>
  /**
   * true when the component needs React in the browser: a page holding such a
   * section (nested ones included) is hydrated; any other page is sent as
   * plain HTML with a small script.
   */
  interactive: boolean
  /** Plain text of the section for the search index (the page's abstract); absent when the section has no prose. */
  searchText?: (section: ManifestSectionOf<K>, context: SearchTextContext) => string
}

/**
 * One section type: everything the renderer knows about a `tipo` lives in its
 * folder `src/renderer/sections/<tipo>/` (index.ts, component, prepare.ts,
 * styles.css, sample.ts). A type with prepared extras (types.ts
 * `PreparedExtras`) must have a preparer: the compiler refuses the module
 * otherwise.
 */
export type SectionModule<K extends SectionType> = SectionModuleBase<K> &
  (K extends keyof PreparedExtras ? { prepare: Preparer<K> } : { prepare?: Preparer<K> })

/** Identity with the precise type, so each index.ts is checked against its `tipo`. */
export function defineSection<K extends SectionType>(module: SectionModule<K>): SectionModule<K> {
  return module
}
