import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No two files in src/ share a name (docs/decisions/testing.md): a name found in an
 * editor's file list, a stack trace or a log line is one file. Allowed: the
 * names a convention repeats in every folder of its kind — Vike's `+Page.tsx`
 * and friends, `index.ts(x)` (a feature's or a section's entry), `styles.css`,
 * and a section folder's own `sample.ts` / `prepare.ts`.
 */
const CONVENTION = [/^\+/, /^index\.tsx?$/, /^styles\.css$/]
const SECTION_FILE = /^src\/renderer\/sections\/[^/]+\/(sample|prepare)\.ts$/

/**
 * Names still used twice that another lane is renaming. Empty now; the list
 * may only grow for a rename in flight and shrink when it lands: an entry that
 * no longer names a duplicate fails the test.
 */
const BEING_RENAMED: Record<string, string[]> = {}

function filesIn(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? filesIn(full) : [full.split(path.sep).join('/')]
  })
}

/** Name → files, for the names used by more than one file that no convention allows. */
export function sharedNames(files: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>()
  for (const file of files) {
    const name = path.posix.basename(file)
    if (CONVENTION.some(re => re.test(name)) || SECTION_FILE.test(file)) continue
    byName.set(name, [...(byName.get(name) ?? []), file])
  }
  for (const [name, list] of byName) if (list.length < 2) byName.delete(name)
  return byName
}

/** Shared names beyond the list being renamed, and entries of the list that no longer hold. */
export function unexpectedSharing(shared: Map<string, string[]>): string[] {
  const out: string[] = []
  for (const [name, list] of shared) {
    const known = BEING_RENAMED[name] ?? []
    const extra = list.filter(f => !known.includes(f))
    if (extra.length > 0) out.push(`${name}: ${list.join(', ')}`)
  }
  for (const [name, known] of Object.entries(BEING_RENAMED)) {
    const now = shared.get(name) ?? []
    const gone = known.filter(f => !now.includes(f))
    if (gone.length > 0) out.push(`${name}: no longer shared by ${gone.join(', ')} (remove it from BEING_RENAMED)`)
  }
  return out
}

describe('file names in src/', () => {
  const files = filesIn('src').map(f => path.relative('.', f).split(path.sep).join('/'))

  it('reads the source tree', () => expect(files.length).toBeGreaterThan(200))

  it('no two files share a name, beyond the conventions', () => expect(unexpectedSharing(sharedNames(files))).toEqual([]))

  it('catches a planted duplicate, and a convention name is not one', () => {
    const planted = [...files, 'src/server/features/report/inbox.ts', 'src/server/features/report/index.ts']
    expect(unexpectedSharing(sharedNames(planted))).toEqual(['inbox.ts: src/server/features/office/inbox.ts, src/server/features/report/inbox.ts'])
  })
})
