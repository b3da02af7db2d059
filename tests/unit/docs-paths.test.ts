import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The docs say what the code does (docs/decisions/testing.md): every project path the
 * README and the files of docs/ name (`src/…`, `scripts/…`, `tests/…`,
 * `schemas/…`, `manifest/…`, `despliegue/…`, in code spans or in prose) and
 * every relative link between docs exists; every decision record is linked
 * from the decisions index; the README's layer table is the one the
 * import-direction test enforces. A renamed or removed file whose docs were
 * not updated fails here (the decisions log once named a `nativeForms.ts`
 * that had been gone for weeks). Placeholders (`<tipo>`), globs, examples
 * staff are told to create and folders made at run time are not checked.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const ROOTS = ['src', 'scripts', 'tests', 'schemas', 'manifest', 'despliegue', 'bench', 'docs', '.ci', '.github']
const MADE_AT_RUN_TIME = new Set(['bench/tmp', 'src/generated'])
const DECISIONS = 'docs/decisions'

function docFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter(f => f.endsWith('.md'))
    .map(f => path.join('docs', f).split(path.sep).join('/'))
  return ['README.md', ...docs.sort()]
}

/** Project paths named anywhere in a text: in code spans, links or prose. */
export function namedPaths(markdown: string): string[] {
  const out = new Set<string>()
  const pattern = new RegExp(`(?<![\\w./-])((?:${ROOTS.map(r => r.replace('.', '\\.')).join('|')})/[^\\s\`'"()\\[\\]«»,;|<>]*)`, 'g')
  for (const m of markdown.matchAll(pattern)) {
    // A placeholder segment (`src/renderer/sections/<tipo>/`) makes the whole path a pattern, not a file.
    if (m[1]?.endsWith('/') && markdown[(m.index ?? 0) + m[0].length] === '<') continue
    const p = (m[1] ?? '')
      .replace(/[:#?].*$/, '')
      .replace(/[).,;:]+$/, '')
      .replace(/\/$/, '')
    if (/[<>*{}$…]/.test(p)) continue
    if ([...MADE_AT_RUN_TIME].some(r => p === r || p.startsWith(`${r}/`))) continue
    out.add(p)
  }
  return [...out]
}

/** Relative Markdown links of a doc (`[x](../api.md)`), resolved from the doc's folder. */
export function linkedFiles(doc: string, markdown: string): string[] {
  const out = new Set<string>()
  for (const m of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (m[1] ?? '').replace(/#.*$/, '')
    // Site routes (`/atencion/contacto`) and other sites are not files of the project.
    if (target === '' || target.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    out.add(path.posix.normalize(path.posix.join(path.posix.dirname(doc), target)).replace(/\/$/, ''))
  }
  return [...out]
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
const missing = (paths: string[]) => paths.filter(p => !fs.existsSync(path.join(ROOT, p)))

/** The layer of each folder in the README's "Layers" table. */
export function readmeLayers(readme: string): Record<string, number> {
  const section = readme.split(/^### /m).find(s => s.startsWith('Layers'))
  const out: Record<string, number> = {}
  for (const row of (section ?? '').split('\n')) {
    const m = /^\|\s*(\d+)[^|]*\|([^|]*)\|/.exec(row)
    if (!m) continue
    for (const span of m[2]!.matchAll(/`([^`]+)`/g)) out[span[1]!] = Number(m[1])
  }
  return out
}

/** The `LAYERS` list of tests/unit/import-direction.test.ts, read as text (importing it would run its tests here). */
export function enforcedLayers(source: string): Record<string, number> {
  const block = /LAYERS[^=]*=\s*\{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
  const out: Record<string, number> = {}
  for (const m of block.matchAll(/^\s*'?([\w/.-]+)'?\s*:\s*(\d+)/gm)) out[m[1]!] = Number(m[2])
  return out
}

describe('docs name only files that exist', () => {
  it('finds the paths named in code spans and prose, and the relative links (the readers themselves)', () => {
    expect(
      namedPaths(
        'see `src/server/app.ts:12`, `src/<tipo>/x.ts`, `npm test`, tests/unit/ and (manifest/site.yaml) in <arguments>src/server/main.ts</arguments>.',
      ),
    ).toEqual(['src/server/app.ts', 'tests/unit', 'manifest/site.yaml', 'src/server/main.ts'])
    expect(linkedFiles('docs/decisions/a.md', '[api](../api.md#x) [b](b.md) [web](https://example.org) [page](/atencion/contacto) [d](./)')).toEqual([
      'docs/api.md',
      'docs/decisions/b.md',
      'docs/decisions',
    ])
  })

  for (const doc of docFiles()) {
    it(doc, () => {
      const text = read(doc)
      expect(missing(namedPaths(text)), 'paths named').toEqual([])
      expect(missing(linkedFiles(doc, text)), 'relative links').toEqual([])
    })
  }

  it(`every record of ${DECISIONS}/ is linked from its index`, () => {
    const index = `${DECISIONS}/README.md`
    const linked = new Set(linkedFiles(index, read(index)))
    const records = fs
      .readdirSync(path.join(ROOT, DECISIONS))
      .filter(f => f !== 'README.md')
      .map(f => `${DECISIONS}/${f}`)
    expect(records.filter(r => !linked.has(r))).toEqual([])
  })

  it("the README's layer table is the one tests/unit/import-direction.test.ts enforces", () => {
    const enforced = enforcedLayers(read('tests/unit/import-direction.test.ts'))
    expect(Object.keys(enforced).length).toBeGreaterThan(5)
    expect(readmeLayers(read('README.md'))).toEqual(enforced)
  })
})
