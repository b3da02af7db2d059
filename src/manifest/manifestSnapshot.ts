/**
 * The manifest a build validated, handed to the build's pre-render processes in one file (docs/decisions/documents-and-placeholders.md). Each of them
 * loaded it again from the YAML files (1,100 on a 1,000-page site: every file and its parse-cache entry read and
 * hashed, 0.75–1 s of each process's profile). The build writes the file right after validating, names it to the
 * processes it starts (the build plan's `manifestSnapshot`, buildPlan.ts), and removes it when it ends; a process reads it only for the same
 * manifest folder. So the pages render exactly the manifest that was validated, also when staff save a file while
 * the build runs.
 */
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { readBuildPlan } from './buildPlan.ts'
import type { Manifest, Sourced } from './manifestShape.ts'
import { plainSource, sourceFromPlain, type PlainSource } from './yamlSource.ts'

const VERSION = 1

interface PlainSourced<T> {
  source: PlainSource
  data: T
}

interface PlainManifest {
  version: number
  dir: string
  declared: Manifest['declared']
  pages: PlainSourced<unknown>[]
  documents: PlainSourced<unknown>[]
  forms: PlainSourced<unknown>[]
  news: PlainSourced<unknown>[]
  site?: PlainSourced<unknown>
  lookups?: PlainSourced<unknown>
  ita?: PlainSourced<unknown>
}

const toPlain = <T>(s: Sourced<T>): PlainSourced<T> => ({ source: plainSource(s.source), data: s.data })
const fromPlain = <T>(p: PlainSourced<unknown>): Sourced<T> => ({ source: sourceFromPlain(p.source), data: p.data as T })

/** Writes the manifest (without parse trees: a source's positions are parsed again if ever needed) into `file`. */
export function writeManifestSnapshot(manifest: Manifest, file: string): void {
  const plain: PlainManifest = {
    version: VERSION,
    dir: path.resolve(manifest.dir),
    declared: manifest.declared,
    pages: manifest.pages.map(toPlain),
    documents: manifest.documents.map(toPlain),
    forms: manifest.forms.map(toPlain),
    news: manifest.news.map(toPlain),
    ...(manifest.site ? { site: toPlain(manifest.site) } : {}),
    ...(manifest.lookups ? { lookups: toPlain(manifest.lookups) } : {}),
    ...(manifest.ita ? { ita: toPlain(manifest.ita) } : {}),
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Written whole, then renamed: a process never reads half a file.
  fs.writeFileSync(`${file}.tmp`, v8.serialize(plain))
  fs.renameSync(`${file}.tmp`, file)
}

/** The manifest of folder `dir` from the snapshot the build named, or undefined (none, another folder, unreadable). */
export function readManifestSnapshot(dir: string, file = readBuildPlan().manifestSnapshot): Manifest | undefined {
  if (!file) return undefined
  let plain: PlainManifest
  try {
    plain = v8.deserialize(fs.readFileSync(file)) as PlainManifest
  } catch {
    return undefined
  }
  if (plain.version !== VERSION || plain.dir !== path.resolve(dir)) return undefined
  // The keys in the order the loader gives them.
  const manifest: Manifest = {
    dir,
    declared: plain.declared,
    pages: plain.pages.map(p => fromPlain(p)),
    documents: plain.documents.map(p => fromPlain(p)),
    forms: plain.forms.map(p => fromPlain(p)),
    news: plain.news.map(p => fromPlain(p)),
  }
  if (plain.site) manifest.site = fromPlain(plain.site)
  if (plain.lookups) manifest.lookups = fromPlain(plain.lookups)
  if (plain.ita) manifest.ita = fromPlain(plain.ita)
  return manifest
}
