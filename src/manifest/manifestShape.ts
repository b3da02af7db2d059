/**
 * The loaded manifest's shape, apart from the loader: the loader builds it and
 * resolve.ts rewrites its text, and neither has to import the other for it.
 */
import type { DocumentList, FormDefinition, Lookups, MatrizITA, NewsItem, PageManifest, SiteManifest } from './types.generated.ts'
import type { YamlSource } from './yamlSource.ts'

/** A manifest value together with the YAML file it came from (for positions). */
export interface Sourced<T> {
  source: YamlSource
  data: T
}

/**
 * Routes and ids declared by files that failed to load, so that one broken
 * file yields its own error and not a cascade of "does not exist" elsewhere.
 */
export interface Declared {
  routes: Set<string>
  documentIds: Set<string>
  formIds: Set<string>
  /** Files that failed to load (absolute paths): what they link is not reported file by file. */
  files: Set<string>
  /**
   * Files that were valid YAML but failed their schema, as read: the link checks still read them (a missing PDF
   * is reported in the same run as the row's bad date), so one `validate` names every problem of a file.
   */
  invalid?: Sourced<unknown>[]
}

export interface Manifest {
  dir: string
  declared: Declared
  site?: Sourced<SiteManifest>
  pages: Sourced<PageManifest>[]
  documents: Sourced<DocumentList>[]
  forms: Sourced<FormDefinition>[]
  lookups?: Sourced<Lookups>
  news: Sourced<NewsItem>[]
  /** manifest/ita.yaml: the ITA criteria outside the transparency menu and their evidence (itaMatrix.ts); optional. */
  ita?: Sourced<MatrizITA>
}
