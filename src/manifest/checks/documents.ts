import fs from 'node:fs'
import { type DocumentPanel, NEWEST, panelsFor as computePanels, sectionRows } from '../documentPanels.ts'
import { YEARS_PLACEHOLDER, yearRange } from '../placeholders.ts'
import { documentSectionsOf, pageYearRange, rowsOfSectionData } from '../resolve.ts'
import type { Manifest, Sourced } from '../load.ts'
import type { Problem } from '../problem.ts'
import type { Fila, PageManifest, SeccionDocumentos } from '../types.generated.ts'
import { positionOf, problemAt, type JsonPath } from '../yamlSource.ts'
import { pick, walk, type CrossCheck } from './context.ts'

/**
 * The panels of a section, computed once per section and list of rows: up to five checks below ask for the same
 * ones (a 1,000-page site: 1,000 sections of 100 rows each, sorted five times). The manifest is not changed while
 * it is checked; the renderer computes its own (src/renderer/sections/documentos/Documentos.tsx).
 */
const panelsComputed = new WeakMap<SeccionDocumentos, WeakMap<Fila[], DocumentPanel[]>>()
function panelsFor(section: SeccionDocumentos, rows: Fila[]): DocumentPanel[] {
  let bySection = panelsComputed.get(section)
  if (!bySection) {
    bySection = new WeakMap()
    panelsComputed.set(section, bySection)
  }
  let panels = bySection.get(rows)
  if (!panels) {
    panels = computePanels(section, rows)
    bySection.set(rows, panels)
  }
  return panels
}

interface DocumentSection {
  page: Sourced<PageManifest>
  path: JsonPath
  section: SeccionDocumentos
  rows: Fila[]
}

/** Every section listing an existing document list (`fuente`), with the rows of that list. */
function* documentSections(m: Manifest): Generator<DocumentSection> {
  const lists = new Map(m.documents.map(d => [d.data.id, d]))
  for (const page of m.pages) {
    for (const { key, value, path } of walk(page.data, [])) {
      if (key !== 'fuente' || typeof value !== 'string' || m.declared.documentIds.has(value)) continue
      const list = lists.get(value)
      if (list) yield { page, path: path.slice(0, -1), section: pick(page.data, path.slice(0, -1)) as SeccionDocumentos, rows: list.data.filas }
    }
  }
}

function sectionChecks(fn: (s: DocumentSection) => Problem[]): (context: { manifest: Manifest }) => Problem[] {
  return ({ manifest }) => [...documentSections(manifest)].flatMap(fn)
}

function rowChecks(fn: (d: Sourced<{ filas: Fila[] }>, row: Fila, i: number) => Problem[]): (context: { manifest: Manifest }) => Problem[] {
  return ({ manifest }) => manifest.documents.flatMap(d => d.data.filas.flatMap((row, i) => fn(d, row, i)))
}

function rowKey(r: Fila): string {
  return [r.anio, r.categoria ?? '', r.periodo ?? '', r.titulo.trim().toLowerCase()].join('|')
}

/** For each row, the index of the first earlier row of the same list with the same key. */
function earlierRows(rows: Fila[], key: (r: Fila) => string | undefined): Map<number, number> {
  const first = new Map<string, number>()
  const earlier = new Map<number, number>()
  rows.forEach((r, i) => {
    const k = key(r)
    if (k === undefined) return
    const j = first.get(k)
    if (j === undefined) first.set(k, i)
    else earlier.set(i, j)
  })
  return earlier
}

const isPanelled = (section: SeccionDocumentos) => section.vista !== 'tabla' && section.vista !== 'lista'

/**
 * Rows each list shows on some page: a row no section displays (its year is
 * outside every panel, or its category is filtered out everywhere) would be
 * published and never seen, typically when staff add a new year to a page
 * with year-range panels.
 */
function shownRows(m: Manifest): { used: Set<string>; shown: Map<string, Set<Fila>>; where: Map<string, Array<() => string>> } {
  const shown = new Map<string, Set<Fila>>()
  const used = new Set<string>()
  /**
   * Where each list is shown: `file:line` of its documents sections and the category they keep. Computed only
   * for a message: placing a node needs the file's positions, which a cached parse computes on first use.
   */
  const where = new Map<string, Array<() => string>>()
  for (const page of m.pages) {
    for (const { key, value, path } of walk(page.data, [])) {
      if (key !== 'fuente' || typeof value !== 'string') continue
      const list = m.documents.find(d => d.data.id === value)
      if (!list) continue
      used.add(value)
      const section = pick(page.data, path.slice(0, -1)) as SeccionDocumentos
      const set = shown.get(value) ?? new Set<Fila>()
      const visible =
        !isPanelled(section) || !section.paneles ? sectionRows(section, list.data.filas) : panelsFor(section, list.data.filas).flatMap(x => x.rows)
      for (const r of visible) set.add(r)
      shown.set(value, set)
      const at = () => `${page.source.display}:${positionOf(page.source, path.slice(0, -1)).line}`
      where.set(value, [...(where.get(value) ?? []), () => (section.categoria ? `${at()} (solo la categoría «${section.categoria}»)` : at())])
    }
  }
  return { used, shown, where }
}

type Panel = NonNullable<SeccionDocumentos['paneles']>[number]

/**
 * Two declared panels overlap when a year is in both ranges and both show
 * the same rows of it (same category filter, or neither has one). A panel
 * limited to a category may repeat years on purpose (the budget's «2014 a
 * 2023» approvals next to the «2023» panel).
 */
function overlappingPanels(page: Sourced<PageManifest>, p: JsonPath, section: SeccionDocumentos): Problem[] {
  const panels = section.paneles ?? []
  const out: Problem[] = []
  panels.forEach((b, j) => {
    for (let i = 0; i < j; i++) {
      const a: Panel = panels[i]!
      if ((a.categoria ?? '') !== (b.categoria ?? '')) continue
      const from = Math.max(a.desde, b.desde)
      const to = Math.min(a.hasta, b.hasta)
      if (from > to || a.desde > a.hasta || b.desde > b.hasta) continue
      const years = from === to ? `el año ${from} está` : `los años ${from} a ${to} están`
      out.push(
        problemAt(
          page.source,
          [...p, 'paneles', j],
          `los paneles «${a.titulo}» y «${b.titulo}» se superponen: ${years} en los dos; cada año debe estar en un solo panel`,
        ),
      )
      break
    }
  })
  return out
}

/** An open panel pinned to a year while newer documents exist: next year's panel would stay closed. */
function outdatedPinnedPanel(page: Sourced<PageManifest>, p: JsonPath, section: SeccionDocumentos, rows: Fila[]): Problem[] {
  const abierto = section.abierto
  if (abierto === undefined || !/^\d{4}$/.test(String(abierto))) return []
  const panels = panelsFor(section, rows)
  const pinned = panels.find(x => x.id === String(abierto))
  const newest = panels.find(x => x.rows.length > 0)
  if (!pinned || !newest || newest.newest <= pinned.newest) return []
  return [
    problemAt(
      page.source,
      [...p, 'abierto'],
      `el panel abierto al cargar es «${abierto}», pero hay documentos de ${newest.newest}: escriba «abierto: ${NEWEST}» para abrir siempre el año más reciente`,
      'aviso',
    ),
  ]
}

/** «de 2016 a 2024», «2016 a 2024», «2016-2024» in a text. */
const WRITTEN_RANGE = /\b((?:19|20)\d{2})\s*(?:a|-|–|al|hasta)\s*((?:19|20)\d{2})\b/

function rangeProblem(page: Sourced<PageManifest>, p: JsonPath, written: string, actual: string | undefined, what: string): Problem[] {
  const m = WRITTEN_RANGE.exec(written)
  if (!m || !actual) return []
  const [from, to] = actual.split(' a ').map(Number) as [number, number?]
  if (Number(m[1]) === from && Number(m[2]) === (to ?? from)) return []
  return [
    problemAt(
      page.source,
      p,
      `${what} dice «${m[0]}» pero sus documentos van de ${actual}: escriba ((${YEARS_PLACEHOLDER})) en lugar de los años para que se calculen solos`,
    ),
  ]
}

/**
 * The year range written by hand in a page's description or in a documents
 * section's title must match the documents shown (placeholders are already
 * replaced in `data`, so only literal ranges are checked).
 */
function writtenYearRanges(m: Manifest, page: Sourced<PageManifest>): Problem[] {
  const raw = page.source.data as PageManifest
  const out: Problem[] = []
  if (typeof raw.descripcion === 'string' && !raw.descripcion.includes(`((${YEARS_PLACEHOLDER}))`) && documentSectionsOf(raw).length > 0) {
    out.push(...rangeProblem(page, ['descripcion'], raw.descripcion, pageYearRange(m, raw), 'la descripción de la página'))
  }
  const visit = (value: unknown, p: JsonPath) => {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) visit(v, [...p, i])
    else if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>
      if (obj.tipo === 'documentos' && typeof obj.titulo === 'string' && !obj.titulo.includes(`((${YEARS_PLACEHOLDER}))`)) {
        out.push(...rangeProblem(page, [...p, 'titulo'], obj.titulo, yearRange(rowsOfSectionData(m, obj)), 'el título de la sección'))
      }
      for (const [k, v] of Object.entries(obj)) visit(v, [...p, k])
    }
  }
  visit(raw, [])
  return out
}

/** Checks of document lists (manifest/documents/) and of the sections that show them. */
export const documentChecks: CrossCheck[] = [
  {
    name: 'duplicate-document-list',
    run: ({ manifest }) => {
      const first = new Map<string, Sourced<unknown>>()
      const problems: Problem[] = []
      for (const d of manifest.documents) {
        const other = first.get(d.data.id)
        if (other) problems.push(problemAt(d.source, ['id'], `el identificador «${d.data.id}» ya se usa en ${other.source.display}`))
        else first.set(d.data.id, d)
      }
      return problems
    },
  },
  {
    name: 'missing-document-list',
    run: ({ manifest }) => {
      const ids = new Set(manifest.documents.map(d => d.data.id))
      const problems: Problem[] = []
      for (const page of manifest.pages) {
        for (const { key, value, path } of walk(page.data, [])) {
          if (key === 'fuente' && typeof value === 'string' && !manifest.declared.documentIds.has(value) && !ids.has(value)) {
            problems.push(problemAt(page.source, path, `la lista de documentos «${value}» no existe en manifest/documents/`))
          }
        }
      }
      return problems
    },
  },
  {
    name: 'impossible-panel-range',
    run: sectionChecks(({ page, path, section }) =>
      (section.paneles ?? []).flatMap((panel, i) =>
        panel.desde > panel.hasta
          ? [
              problemAt(
                page.source,
                [...path, 'paneles', i],
                `el rango de años ${panel.desde}–${panel.hasta} es imposible: «desde» debe ser menor o igual que «hasta»`,
              ),
            ]
          : [],
      ),
    ),
  },
  {
    name: 'overlapping-panels',
    run: sectionChecks(({ page, path, section }) => overlappingPanels(page, path, section)),
  },
  {
    name: 'outdated-open-panel',
    run: sectionChecks(({ page, path, section, rows }) => outdatedPinnedPanel(page, path, section, rows)),
  },
  {
    name: 'written-year-range',
    run: ({ manifest }) => manifest.pages.flatMap(page => writtenYearRanges(manifest, page)),
  },
  {
    name: 'empty-year-panel',
    run: sectionChecks(({ page, path, section, rows }) =>
      panelsFor(section, rows)
        // An impossible range has its own message.
        .filter(panel => panel.rows.length === 0 && panel.oldest <= panel.newest)
        .map(panel => {
          const idx = section.paneles?.findIndex(x => x.id === panel.id) ?? -1
          return problemAt(
            page.source,
            idx >= 0 ? [...path, 'paneles', idx] : path,
            `el panel «${panel.title}» está vacío: no hay documentos de esos años en «${section.fuente}»`,
          )
        }),
    ),
  },
  {
    name: 'missing-open-document-panel',
    run: sectionChecks(({ page, path, section, rows }) => {
      if (section.abierto === undefined || section.abierto === 'primero' || section.abierto === 'ninguno' || section.abierto === NEWEST) return []
      const panels = panelsFor(section, rows)
      if (panels.some(x => x.id === String(section.abierto))) return []
      return [problemAt(page.source, [...path, 'abierto'], `el panel «${section.abierto}» no existe (paneles: ${panels.map(x => x.id).join(', ')})`)]
    }),
  },
  {
    name: 'empty-document-section',
    run: sectionChecks(({ page, path, section, rows }) =>
      isPanelled(section) && panelsFor(section, rows).length === 0
        ? [
            problemAt(
              page.source,
              path,
              `la lista «${section.fuente}» no tiene documentos${section.categoria ? ` de la categoría «${section.categoria}»` : ''}`,
            ),
          ]
        : [],
    ),
  },
  {
    name: 'duplicate-row',
    run: ({ manifest }) =>
      manifest.documents.flatMap(d =>
        [...earlierRows(d.data.filas, rowKey)].map(([i, prev]) => {
          const row = d.data.filas[i]!
          return problemAt(
            d.source,
            ['filas', i],
            `fila repetida: «${row.titulo}» (${row.anio}) ya aparece en la línea ${positionOf(d.source, ['filas', prev]).line}`,
          )
        }),
      ),
  },
  {
    name: 'duplicate-row-file',
    run: ({ manifest }) =>
      manifest.documents.flatMap(d =>
        [...earlierRows(d.data.filas, r => r.archivo)].map(([i, prev]) =>
          problemAt(
            d.source,
            ['filas', i, 'archivo'],
            `el archivo «${d.data.filas[i]!.archivo}» ya está en la fila de la línea ${positionOf(d.source, ['filas', prev]).line}`,
          ),
        ),
      ),
  },
  {
    name: 'row-without-link',
    run: rowChecks((d, row, i) => (!row.archivo && !row.url ? [problemAt(d.source, ['filas', i], `la fila «${row.titulo}» necesita «archivo» o «url»`)] : [])),
  },
  {
    name: 'row-with-file-and-url',
    run: rowChecks((d, row, i) =>
      row.archivo && row.url ? [problemAt(d.source, ['filas', i, 'url'], `la fila «${row.titulo}» tiene «archivo» y «url»: deje solo uno`)] : [],
    ),
  },
  {
    name: 'impossible-row-date',
    run: rowChecks((d, row, i) =>
      row.fecha && Number(row.fecha.slice(0, 4)) < row.anio - 1
        ? [problemAt(d.source, ['filas', i, 'fecha'], `la fecha «${row.fecha}» es imposible para un documento del año ${row.anio}`)]
        : [],
    ),
  },
  {
    name: 'list-shown-nowhere',
    run: ({ manifest }) => {
      const { used } = shownRows(manifest)
      // A page that failed to load may be the one showing the list: its own error is enough.
      for (const file of manifest.declared.files) for (const m of fs.readFileSync(file, 'utf8').matchAll(/fuente:\s*["']?([a-z0-9-]+)/g)) used.add(m[1]!)
      return manifest.documents
        .filter(d => !used.has(d.data.id))
        .map(d =>
          problemAt(d.source, ['id'], `ninguna página muestra la lista «${d.data.id}»: agregue una sección «documentos» con «fuente: ${d.data.id}»`, 'aviso'),
        )
    },
  },
  {
    name: 'row-shown-nowhere',
    run: ({ manifest }) => {
      const { used, shown, where } = shownRows(manifest)
      return manifest.documents
        .filter(d => used.has(d.data.id))
        .flatMap(d =>
          d.data.filas.flatMap((row, i) => {
            if (shown.get(d.data.id)!.has(row)) return []
            const cat = row.categoria ? `la categoría «${row.categoria}»` : 'filas sin categoría'
            return [
              problemAt(
                d.source,
                ['filas', i],
                `la fila «${row.titulo}» (${row.anio}) no aparece en ninguna página: ninguna sección «documentos» de esta lista muestra ${cat}; corrija la categoría de la fila o la sección en ${where
                  .get(d.data.id)!
                  .map(at => at())
                  .join(', ')}`,
              ),
            ]
          }),
        )
    },
  },
]
