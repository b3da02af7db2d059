import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The docs say what the code does: every project path they name in code
 * spans (`src/…`, `scripts/…`, `tests/…`, …) exists. A renamed or removed
 * file whose docs were not updated fails here (issue 24: the decisions log
 * named a `nativeForms.ts` that had been gone for weeks). Placeholders
 * (`<tipo>`), globs and folders made at run time are not paths to check.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const ROOTS = ['src', 'scripts', 'tests', 'schemas', 'bench', 'despliegue', '.ci', '.github']
const MADE_AT_RUN_TIME = new Set(['bench/tmp', 'bench/tmp/'])

function docFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter(f => f.endsWith('.md'))
    .map(f => path.join('docs', f))
  return ['README.md', ...docs]
}

export function namedPaths(markdown: string): string[] {
  const out = new Set<string>()
  for (const m of markdown.matchAll(/`([^`\s]+)`/g)) {
    const p = (m[1] ?? '').replace(/[:#].*$/, '').replace(/[),.;]+$/, '')
    if (!ROOTS.some(r => p === r || p.startsWith(`${r}/`))) continue
    if (/[<>*{}$…]/.test(p) || MADE_AT_RUN_TIME.has(p)) continue
    out.add(p)
  }
  return [...out]
}

describe('docs name only files that exist', () => {
  it('finds the paths named in code spans (the reader itself)', () => {
    expect(namedPaths('see `src/server/app.ts:12`, `src/<tipo>/x.ts`, `npm test` and `tests/unit/`')).toEqual(['src/server/app.ts', 'tests/unit/'])
  })

  for (const doc of docFiles()) {
    it(doc, () => {
      const missing = namedPaths(fs.readFileSync(path.join(ROOT, doc), 'utf8')).filter(p => !fs.existsSync(path.join(ROOT, p)))
      expect(missing).toEqual([])
    })
  }
})
