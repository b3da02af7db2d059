/**
 * A build whose manifest, `public/` names, schemas, transparency annex, code and date are all what a previous
 * valid build of the same folders saw takes that build's validated manifest instead of validating again (docs/decisions/build.md:
 * validation was about 1.4 s of a 1,000-page build's 2 s before the pre-render could start, and a platform that
 * rebuilds every site after an upgrade that did not touch the build's code, or `npm start` on an unchanged site,
 * validated identical inputs each time). The same rule as the bundles' (src/build/bundleCache.ts): equal inputs,
 * equal result; any change to any input validates in full.
 *
 * The key hashes every input the validator reads (found with `strace` of `npm run validate`, 2026-11-26): each file
 * of the manifest folder (name and content), the name of every file and folder of `public/` (the links checks look
 * at names only; the few checks that read a file's contents run again on reuse), the annex, the whole of `src/`,
 * `schemas/` and `scripts/` and the lock file (the validator's code and that of the build around it; the generated
 * files are the build's output, not its input), the folders' paths and the date in Colombia. Only a manifest without
 * errors is kept, with its warnings, so they are shown again.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { todayInColombia } from '../manifest/colombiaTime.ts'
import { CROSS_CHECKS, crossCheck } from '../manifest/crossChecks.ts'
import type { Manifest } from '../manifest/load.ts'
import { readManifestSnapshot, writeManifestSnapshot } from '../manifest/manifestSnapshot.ts'
import { filesInOrder as walk } from '../manifest/folderFiles.ts'
import { manifestDir, publicDir } from '../manifest/paths.ts'
import type { Problem } from '../manifest/problem.ts'
import { annexFile } from '../manifest/transparencyAnnex.ts'

const VERSION = 1
/** Entries kept per manifest folder: another build may still be reading the one before. */
const KEEP = 2
const CODE = ['src', 'schemas', 'scripts']
const NOT_CODE = [path.join('src', 'generated')]

/** The hash of everything the validation of the current manifest folder depends on. */
export function validationKey(root: string): string {
  const hash = crypto.createHash('sha256')
  const field = (name: string, value: string | Buffer) => hash.update(`${name}\0`).update(value).update('\0')
  const manifest = manifestDir()
  const pub = publicDir()
  field('versión', String(VERSION))
  field('día', todayInColombia())
  field('carpetas', [path.resolve(manifest), path.resolve(pub), path.resolve(annexFile())].join('\n'))
  for (const [file, rel] of walk(manifest)) field(`manifiesto ${rel}`, fs.readFileSync(file))
  field('anexo', fs.existsSync(annexFile()) ? fs.readFileSync(annexFile()) : '')
  // Folders and files of public/ in walking order (fixed: names sorted in each folder).
  const names: string[] = []
  for (const [, rel] of walk(pub, [], dir => names.push(dir + path.sep))) names.push(rel)
  field('public', names.join('\n'))
  for (const dir of CODE) for (const [file, rel] of walk(path.join(root, dir), NOT_CODE, undefined, dir)) field(rel, fs.readFileSync(file))
  const lock = path.join(root, 'package-lock.json')
  field('lock', fs.existsSync(lock) ? fs.readFileSync(lock) : '')
  return hash.digest('hex')
}

/** The folder of one manifest folder's entries. */
function entriesDir(cacheDir: string): string {
  const id = crypto.createHash('sha256').update(path.resolve(manifestDir())).digest('hex').slice(0, 16)
  return path.join(cacheDir, 'validacion', id)
}

/**
 * The valid manifest and its warnings kept for `key`, or undefined. The key has public/'s names, not its files'
 * contents: the few checks that read a file's contents (the logo's size) run again, and any error they find means
 * a full validation, which reports it.
 */
export function reuseValidation(cacheDir: string, key: string): { manifest: Manifest; warnings: Problem[] } | undefined {
  const dir = entriesDir(cacheDir)
  try {
    const warnings = JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as Problem[]
    const manifest = readManifestSnapshot(manifestDir(), path.join(dir, `${key}.v8`))
    if (!manifest) return undefined
    const onContents = CROSS_CHECKS.filter(c => c.readsPublicFiles)
    return crossCheck(manifest, [], onContents).some(p => p.level === 'error') ? undefined : { manifest, warnings }
  } catch {
    return undefined
  }
}

/**
 * Keeps a valid manifest and its warnings for `key`; the oldest entries of the folder go. Never fails the build that
 * calls it while its pages render: an entry that cannot be written (a full disk, a folder in the way) only costs the
 * next build its validation, and one cut short is never read (its warnings file comes last).
 */
export function keepValidation(cacheDir: string, key: string, manifest: Manifest, warnings: Problem[]): boolean {
  try {
    writeEntry(entriesDir(cacheDir), key, manifest, warnings)
    return true
  } catch {
    return false
  }
}

function writeEntry(dir: string, key: string, manifest: Manifest, warnings: Problem[]): void {
  fs.mkdirSync(dir, { recursive: true })
  writeManifestSnapshot(manifest, path.join(dir, `${key}.v8`))
  // The warnings last: an entry is read only once both files are there.
  const tmp = path.join(dir, `${key}.json.${process.pid}.tmp`)
  fs.writeFileSync(tmp, JSON.stringify(warnings))
  fs.renameSync(tmp, path.join(dir, `${key}.json`))
  const entries = fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.json'))
    .map(f => ({ key: f.slice(0, -'.json'.length), time: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
  for (const old of entries.slice(KEEP)) for (const ext of ['.json', '.v8']) fs.rmSync(path.join(dir, old.key + ext), { force: true })
}
