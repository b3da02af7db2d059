/**
 * A site's search index is its largest state in memory, so a platform process keeps at most SEARCH_INDEXES_KEPT of
 * them for all its sites together (src/server/siteData.ts, servedSearch): none is built when a site starts, one is
 * built on that site's first search, the one searched longest ago is dropped, and a dropped index is read again on its
 * next search. The memory this bounds is measured by `npm run bench -- plataforma`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SEARCH_INDEXES_KEPT, searchIndexesInMemory, servedSearch } from '../../src/server/siteData.ts'
import type { SearchDoc } from '../../src/search/searchDoc.ts'

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'indices-busqueda-'))
afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

/** A built site's client folder whose only document is titled with the site's own word. */
function siteWithIndex(name: string, word: string): string {
  const dir = path.join(base, name)
  fs.mkdirSync(dir, { recursive: true })
  const doc: SearchDoc = { route: `/${word}`, title: `Informe de ${word}`, date: '2026-01-15', abstract: '', category: 'Informes', ti_doc: 'Documento' }
  fs.writeFileSync(path.join(dir, 'search-index.json'), JSON.stringify([doc]))
  return dir
}

const titles = (docs: SearchDoc[]) => docs.map(d => d.title)

describe('the search indexes a platform process keeps', () => {
  it('builds none when a site starts, one on its first search, and never more than the bound across sites', () => {
    const count = SEARCH_INDEXES_KEPT + 5
    const before = searchIndexesInMemory()
    const sites = Array.from({ length: count }, (_, i) => {
      const dir = siteWithIndex(`sitio${i}`, `palabra${i}x`)
      return { word: `palabra${i}x`, search: servedSearch({ current: () => dir }) }
    })
    // Every site's server made its searchers at start: no index was read for that.
    expect(searchIndexesInMemory()).toBe(before)
    for (const site of sites) {
      expect(titles(site.search(site.word))).toEqual([`Informe de ${site.word}`])
      expect(searchIndexesInMemory()).toBeLessThanOrEqual(SEARCH_INDEXES_KEPT)
    }
    expect(searchIndexesInMemory()).toBe(SEARCH_INDEXES_KEPT)
    // The first site's index left memory long ago: its next search reads it again and still finds its own document.
    expect(titles(sites[0]!.search(sites[0]!.word))).toEqual([`Informe de ${sites[0]!.word}`])
    expect(searchIndexesInMemory()).toBe(SEARCH_INDEXES_KEPT)
  })

  it('keeps the last good index when the served one cannot be read, even after it left memory', () => {
    const good = siteWithIndex('buena', 'vacunacion')
    const broken = path.join(base, 'rota')
    fs.mkdirSync(broken, { recursive: true })
    fs.writeFileSync(path.join(broken, 'search-index.json'), '{ no es JSON')
    let served = good
    const search = servedSearch({ current: () => served })
    expect(titles(search('vacunacion'))).toEqual(['Informe de vacunacion'])
    served = broken
    // Other sites' searches push the good index out of memory.
    for (let i = 0; i < SEARCH_INDEXES_KEPT; i++) {
      const dir = siteWithIndex(`relleno${i}`, `relleno${i}x`)
      servedSearch({ current: () => dir })(`relleno${i}x`)
    }
    expect(titles(search('vacunacion'))).toEqual(['Informe de vacunacion'])
  })

  it('finds what a new build of the same folder indexed (a new index file is a new index)', () => {
    const dir = siteWithIndex('rehecha', 'antes')
    const search = servedSearch({ current: () => dir })
    expect(titles(search('antes'))).toEqual(['Informe de antes'])
    const doc: SearchDoc = { route: '/despues', title: 'Informe de despues y mas', date: '2026-02-01', abstract: '', category: 'Informes', ti_doc: 'Documento' }
    const file = path.join(dir, 'search-index.json')
    fs.writeFileSync(file, JSON.stringify([doc]))
    // The same size would be possible: the time differs on a rebuild.
    fs.utimesSync(file, new Date('2026-02-01T10:00:00Z'), new Date('2026-02-01T10:00:00Z'))
    expect(titles(search('despues'))).toEqual(['Informe de despues y mas'])
  })
})
