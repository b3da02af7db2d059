import { describe, expect, it } from 'vitest'
import type { Manifest, Sourced } from '../../src/manifest/load.ts'
import { loadManifest } from '../../src/manifest/load.ts'
import type { DocumentList, NewsItem, PageManifest } from '../../src/manifest/types.generated.ts'
import type { YamlSource } from '../../src/manifest/yamlSource.ts'
import { sectionsText } from '../../src/renderer/searchText.ts'
import { buildSearchIndex } from '../../src/search/buildIndex.ts'
import { createSearcher, fold, MAX_RESULTS } from '../../src/search/search.ts'
import type { SearchDoc } from '../../src/search/searchDoc.ts'

const SPEC_FIELDS = ['abstract', 'category', 'date', 'route', 'ti_doc', 'title']

function sourced<T>(data: T): Sourced<T> {
  return { source: {} as YamlSource, data }
}

/** A small manifest: two pages (one a redirect), one document list, two news items. */
function fixture(): Manifest {
  const pages: PageManifest[] = [
    {
      ruta: '/normatividad',
      etiqueta: 'Normativa',
      titulo: 'Normativa',
      redirigirA: '/normatividad/resoluciones',
    },
    {
      ruta: '/normatividad/resoluciones',
      etiqueta: 'Resoluciones',
      titulo: 'Resoluciones',
      secciones: [
        { tipo: 'texto', contenido: 'Resoluciones **internas** de la [E.S.E.](/hospital).' },
        { tipo: 'documentos', fuente: 'normas', vista: 'tabla' },
      ],
    },
    {
      ruta: '/hospital/historia',
      etiqueta: 'Historia',
      titulo: 'Historia del hospital',
      descripcion: 'Creación de la E.S.E. por el acuerdo 031 de 1999.',
      secciones: [{ tipo: 'texto', contenido: 'Texto' }],
    },
  ]
  const documents: DocumentList[] = [
    {
      id: 'normas',
      titulo: 'Normas internas',
      filas: [
        { anio: 2024, titulo: 'Resolución 015 de 2024: comité de control interno', fecha: '2024-03-01', archivo: '/assets/normatividad/resolucion-015.pdf' },
        {
          anio: 2023,
          titulo: 'Acuerdo de junta sobre el presupuesto',
          url: 'https://www.ejemplo.gov.co/acuerdo.pdf',
          descripcion: 'Aprobación del presupuesto',
        },
      ],
    } as DocumentList,
  ]
  const news: NewsItem[] = [
    {
      id: 'vacunacion',
      titulo: '<p>Jornada de <strong>vacunación</strong></p>',
      dependencia: '<p>Salud pública</p>',
      cuerpo: '<p onclick="x()">Vacunación contra la influenza en las tres sedes.</p><script>alert(1)</script>',
      fechaCreacion: '2026-11-12',
    },
    {
      id: 'ambulancia',
      titulo: 'Nueva ambulancia',
      dependencia: 'Gerencia',
      cuerpo: '<p>Transporte asistencial básico.</p>',
      fechaCreacion: '2026-08-03',
    },
  ]
  // An empty manifest (a folder without files) keeps the fixture in step with the Manifest type.
  const empty = loadManifest('/nonexistent-manifest-dir').manifest
  return { ...empty, pages: pages.map(sourced), documents: documents.map(sourced), news: news.map(sourced) }
}

describe('buildSearchIndex', () => {
  const docs = buildSearchIndex(fixture(), sectionsText)

  it('has one document per content page, document row and news item (redirects left out)', () => {
    expect(docs.filter(d => d.ti_doc === 'Página').map(d => d.route)).toEqual(['/normatividad/resoluciones', '/hospital/historia'])
    expect(docs.map(d => d.route)).not.toContain('/normatividad')
    const rows = docs.filter(d => d.ti_doc === 'PDF' || d.ti_doc === 'Enlace')
    expect(rows.map(d => d.route)).toEqual(['/assets/normatividad/resolucion-015.pdf', 'https://www.ejemplo.gov.co/acuerdo.pdf'])
    expect(docs.filter(d => d.ti_doc === 'Noticia').map(d => d.route)).toEqual(['/notices/all#vacunacion', '/notices/all#ambulancia'])
    expect(docs).toHaveLength(2 + 2 + 2)
  })

  it('gives every document exactly the fields of the spec, as strings', () => {
    for (const d of docs) {
      expect(Object.keys(d).sort()).toEqual(SPEC_FIELDS)
      for (const v of Object.values(d)) expect(typeof v).toBe('string')
    }
  })

  it('fills dates, categories and plain-text abstracts', () => {
    const resolucion = docs.find(d => d.title.startsWith('Resolución 015'))!
    expect(resolucion.date).toBe('2024-03-01')
    expect(resolucion.category).toBe('Resoluciones') // the page that lists the rows
    expect(docs.find(d => d.title.startsWith('Acuerdo'))!.date).toBe('2023')
    const page = docs.find(d => d.route === '/normatividad/resoluciones')!
    expect(page.abstract).toBe('Resoluciones internas de la E.S.E..')
    expect(docs.find(d => d.route === '/hospital/historia')!.abstract).toBe('Creación de la E.S.E. por el acuerdo 031 de 1999.')
  })

  it('indexes news as plain text, without the HTML that sanitizing removes', () => {
    const n = docs.find(d => d.route === '/notices/all#vacunacion')!
    expect(n.title).toBe('Jornada de vacunación')
    expect(n.date).toBe('2026-11-12')
    expect(n.category).toBe('Noticias')
    expect(n.abstract).toBe('Vacunación contra la influenza en las tres sedes.')
    expect(JSON.stringify(docs)).not.toMatch(/<|onclick|alert/)
  })

  it('covers the real manifest: every content page, every row and every news item', () => {
    const { manifest } = loadManifest()
    const index = buildSearchIndex(manifest, sectionsText)
    const contentPages = manifest.pages.filter(p => !p.data.redirigirA).length
    const rows = manifest.documents.reduce((n, d) => n + d.data.filas.length, 0)
    expect(index).toHaveLength(contentPages + rows + manifest.news.length)
    expect(index.map(d => d.route)).toEqual(expect.arrayContaining(['/', '/buscar', '/notices/all', '/accesibilidad']))
    for (const n of manifest.news) expect(index.map(d => d.route)).toContain(`/notices/all#${n.data.id}`)
  })
})

describe('createSearcher', () => {
  const docs: SearchDoc[] = [
    { route: '/a.pdf', title: 'Resolución 015 de 2024', date: '2024-03-01', abstract: 'Comité de control interno', category: 'Resoluciones', ti_doc: 'PDF' },
    { route: '/b.pdf', title: 'Resolucion sin tilde 020', date: '2025', abstract: 'Texto escrito sin tildes', category: 'Resoluciones', ti_doc: 'PDF' },
    { route: '/hospital/historia', title: 'Historia del hospital', date: '', abstract: 'Creación por el acuerdo 031', category: 'Hospital', ti_doc: 'Página' },
    { route: '/notices/all#vacunacion', title: 'Jornada de vacunación', date: '2026-11-12', abstract: 'Influenza', category: 'Noticias', ti_doc: 'Noticia' },
  ]
  const search = createSearcher(docs)

  it('folds accents and case', () => {
    expect(fold('Resolución ÁÉÍÓÚ Ñandú')).toBe('resolucion aeiou nandu')
  })

  it('is accent-insensitive in both directions', () => {
    const withoutAccent = search('resolucion').map(d => d.route)
    expect(withoutAccent).toEqual(expect.arrayContaining(['/a.pdf', '/b.pdf']))
    const withAccent = search('RESOLUCIÓN').map(d => d.route)
    expect(withAccent).toEqual(expect.arrayContaining(['/a.pdf', '/b.pdf']))
    expect(search('creacion').map(d => d.route)).toEqual(['/hospital/historia'])
    expect(search('vacunación').map(d => d.route)).toEqual(['/notices/all#vacunacion'])
  })

  it('returns results with the fields of the spec', () => {
    const [first] = search('resolucion')
    expect(first).toBeDefined()
    expect(Object.keys(first!).sort()).toEqual(SPEC_FIELDS)
    expect(first).toEqual(docs.find(d => d.route === first!.route))
  })

  it('finds words in the abstract and the category, and tolerates a typo', () => {
    expect(search('control interno').map(d => d.route)).toEqual(['/a.pdf'])
    expect(search('noticias').map(d => d.route)).toContain('/notices/all#vacunacion')
    expect(search('resolucon').map(d => d.route)).toEqual(expect.arrayContaining(['/a.pdf', '/b.pdf']))
  })

  it('corrects a typo word by word, keeping what the other words ask for', () => {
    // Only the resolution numbered 015 has «015»: the typo must not widen the answer to every resolution.
    expect(search('resolucon 015').map(d => d.route)).toEqual(['/a.pdf'])
    // Near misses are looked for among every indexed word, the abstract's too.
    expect(search('contrl interno').map(d => d.route)).toEqual(['/a.pdf'])
    expect(search('vacunacon').map(d => d.route)).toEqual(['/notices/all#vacunacion'])
    // A word with no near miss anywhere leaves nothing to show, rather than answers that ignore it.
    expect(search('resolucion qqxxzzww')).toEqual([])
  })

  it('ignores queries shorter than two letters and unknown words', () => {
    expect(search('')).toEqual([])
    expect(search(' r ')).toEqual([])
    expect(search('qqxxzzww')).toEqual([])
  })

  it('limits the number of results', () => {
    const many: SearchDoc[] = Array.from({ length: MAX_RESULTS + 30 }, (_, i) => ({
      route: `/doc-${i}.pdf`,
      title: `Resolución número ${i}`,
      date: '2025',
      abstract: '',
      category: 'Resoluciones',
      ti_doc: 'PDF',
    }))
    const s = createSearcher(many)
    expect(s('resolucion')).toHaveLength(MAX_RESULTS)
    expect(s('resolucion', 5)).toHaveLength(5)
  })
})

describe('search of the real site: what citizens ask for', () => {
  const { manifest } = loadManifest()
  const siteSearch = createSearcher(buildSearchIndex(manifest, sectionsText))
  const routes = (q: string) => siteSearch(q).map(d => d.route)

  it('«pqrs» puts the PQRSD page first (keyword and acronym, pages before documents)', () => {
    expect(routes('pqrs')[0]).toBe('/pqrsd')
  })

  it('«telefono urgencias» and «cita medica» find the service pages', () => {
    expect(routes('telefono urgencias')).toContain('/services/urgencias')
    expect(routes('telefono urgencias')[0]).toBe('/services/urgencias')
    expect(routes('cita medica')[0]).toBe('/citas')
  })

  it('at an equal match, pages rank above documents', () => {
    const results = siteSearch('resoluciones')
    const firstDocument = results.findIndex(d => d.ti_doc !== 'Página')
    const lastPage = results.map(d => d.ti_doc).lastIndexOf('Página')
    expect(firstDocument).toBeGreaterThan(-1)
    expect(lastPage).toBeLessThan(firstDocument)
  })

  it('an exact title match comes first', () => {
    expect(routes('Urgencias')[0]).toBe('/services/urgencias')
    expect(routes('glosario')[0]).toBe('/atencion/glosario')
  })
})
