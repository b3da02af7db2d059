/**
 * What the server needs from a site's manifest, kept by the site's build in its client folder
 * (docs/decisions/platform.md, «Opening a site reads one small file»). Deriving it from the manifest parses and
 * validates every page: about 330 ms of processor time for the sample site, at every start and at every opening of a
 * platform site left out of memory, and most of a platform process's memory churn. Reading it back takes a hash of
 * the manifest's files and a JSON parse of about 30 KB.
 *
 * The file is used only while the manifest folder holds exactly the files the build read (the key hashes each file's
 * name and content, and the file's format): a manifest edited since, another site's manifest, or a file of an older
 * format means the server derives the data from the manifest, as it always did. The name starts with a dot: the
 * server never serves such a file (features/content/staticFiles.ts), and it travels with the release's pages
 * (releases in the database too).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { filesInOrder } from '../manifest/folderFiles.ts'
import type { FormDefinition } from '../manifest/types.generated.ts'
import type { SiteData } from './siteDataShape.ts'

export const SITE_DATA_FILE = '.datos-servidor.json'
/** Raised whenever what the file holds, or how the server reads it, changes: a file of another format is not read. */
const FORMAT = 1

/** The site data as the file holds it: plain JSON (the filings and their numbering plan are derived again from `forms`). */
export type KeptSiteData = Omit<SiteData, 'filings' | 'plan' | 'redirects'> & { forms: FormDefinition[]; redirects: Array<[string, string]> }

/** The hash of the file format and of every file of the manifest folder (name and content). */
export function manifestKey(manifestDir: string): string {
  const hash = createHash('sha256').update(`formato ${FORMAT}\0`)
  for (const [file, rel] of filesInOrder(path.resolve(manifestDir)))
    hash
      .update(`${rel.split(path.sep).join('/')}\0`)
      .update(fs.readFileSync(file))
      .update('\0')
  return hash.digest('hex')
}

/** Writes the file for `key` (computed before the build read the manifest) atomically: a reader sees all of it or none. */
export function writeSiteDataFile(clientDir: string, key: string, data: KeptSiteData): void {
  const file = path.join(clientDir, SITE_DATA_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify({ clave: key, ...data }))
  // A rename, not a write in place: a site copied with hard links (`cp -al`) keeps its source's file untouched.
  fs.renameSync(tmp, file)
}

/** The kept data when the file is there, readable, of this format and for the manifest as it is now; else undefined. */
export function readSiteDataFile(clientDir: string, manifestDir: string): KeptSiteData | undefined {
  let kept: unknown
  try {
    kept = JSON.parse(fs.readFileSync(path.join(clientDir, SITE_DATA_FILE), 'utf8'))
  } catch {
    return undefined
  }
  if (!isKept(kept) || kept.clave !== manifestKey(manifestDir)) return undefined
  const { clave: _key, ...data } = kept
  return data
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every(s => typeof s === 'string')

/** The shape of a kept file, checked before use: it is read from a release folder, and a damaged one is only ignored. */
function isKept(v: unknown): v is KeptSiteData & { clave: string } {
  if (!isObject(v) || typeof v.clave !== 'string' || typeof v.siteName !== 'string') return false
  if (!Array.isArray(v.forms) || !v.forms.every(isObject) || !isObject(v.lookups) || !Array.isArray(v.news) || !v.news.every(isObject)) return false
  if (!Array.isArray(v.redirects) || !v.redirects.every(r => Array.isArray(r) && r.length === 2 && isStrings(r))) return false
  if (!isObject(v.formPages) || !Object.values(v.formPages).every(p => typeof p === 'string')) return false
  if (!isStrings(v.warnings) || !isStrings(v.embedUrls) || !isStrings(v.reportPages) || !Array.isArray(v.searchHelpPhones)) return false
  return (v.privacyNotice === undefined || isObject(v.privacyNotice)) && (v.supersaludPhone === undefined || typeof v.supersaludPhone === 'string')
}
