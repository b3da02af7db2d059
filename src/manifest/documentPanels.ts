import type { Fila, SeccionDocumentos } from '../manifest/types.generated.ts'

export interface DocumentPanel {
  id: string
  title: string
  rows: Fila[]
  /** Newest year the panel holds (its «hasta», or its rows' year): panels are shown newest first. */
  newest: number
  oldest: number
  /** true for a panel of one year made for rows that no declared panel covers. */
  automatic?: boolean
}

export interface CategoryGroup {
  category: string | undefined
  rows: Fila[]
}

function rowsOfSection(section: SeccionDocumentos, rows: Fila[]): Fila[] {
  return section.categoria ? rows.filter(r => r.categoria === section.categoria) : rows
}

/**
 * Rows in period order: newest year first; inside a year and category, rows
 * with a `fecha` in date order (in the places dated rows occupy), rows
 * without one where they were written. Never by file name.
 */
export function periodOrder(rows: Fila[]): Fila[] {
  const byYear = [...rows].sort((a, b) => b.anio - a.anio)
  const buckets = new Map<string, number[]>()
  byYear.forEach((r, i) => {
    if (!r.fecha) return
    const key = `${r.anio}|${r.categoria ?? ''}`
    const slots = buckets.get(key)
    if (slots) slots.push(i)
    else buckets.set(key, [i])
  })
  const out = [...byYear]
  for (const slots of buckets.values()) {
    const dated = slots.map(i => byYear[i]!).sort((a, b) => a.fecha!.localeCompare(b.fecha!))
    for (const [k, slot] of slots.entries()) out[slot] = dated[k]!
  }
  return out
}

function covers(p: { desde: number; hasta: number; categoria?: string }, r: Fila): boolean {
  return r.anio >= p.desde && r.anio <= p.hasta && (!p.categoria || r.categoria === p.categoria)
}

/**
 * The accordion panels of a documents section, newest first whatever order
 * they are written in: the declared year ranges plus one panel per year for
 * rows no declared panel covers (so a new year needs no edit of the page),
 * or, without declared panels, one panel per year.
 */
export function panelsFor(section: SeccionDocumentos, allRows: Fila[]): DocumentPanel[] {
  const rows = rowsOfSection(section, allRows)
  const declared: DocumentPanel[] = (section.paneles ?? []).map(p => ({
    id: p.id,
    title: p.titulo,
    rows: periodOrder(rows.filter(r => covers(p, r))),
    newest: p.hasta,
    oldest: p.desde,
  }))
  const uncovered = rows.filter(r => !(section.paneles ?? []).some(p => covers(p, r)))
  const taken = new Set(declared.map(p => p.id))
  const years = [...new Set(uncovered.map(r => r.anio))]
  const automatic: DocumentPanel[] = years.map(y => ({
    id: taken.has(String(y)) ? `${y}-documentos` : String(y),
    title: String(y),
    rows: periodOrder(uncovered.filter(r => r.anio === y)),
    newest: y,
    oldest: y,
    automatic: true,
  }))
  // Array.prototype.sort is stable: equal ranges keep the order written.
  return [...declared, ...automatic].sort((a, b) => b.newest - a.newest || b.oldest - a.oldest)
}

export function sectionRows(section: SeccionDocumentos, allRows: Fila[]): Fila[] {
  return rowsOfSection(section, allRows)
}

/** The `abierto` value that opens the panel of the newest year, next year too without an edit. */
export const NEWEST = 'reciente'

/**
 * Id of the panel that starts open, or undefined for none. `reciente` opens
 * the panel with the newest year: for document panels their `newest`; for a
 * plain accordion, the panel whose id is the largest year.
 */
export function initiallyOpen(abierto: string | number | undefined, panels: Array<{ id: string; newest?: number }>): string | undefined {
  const ids = panels.map(p => p.id)
  if (abierto === 'ninguno') return undefined
  if (abierto === undefined || abierto === 'primero') return ids[0]
  if (abierto === NEWEST) {
    let best: { id: string; year: number } | undefined
    for (const p of panels) {
      const year = p.newest ?? (/^\d{4}$/.test(p.id) ? Number(p.id) : undefined)
      if (year !== undefined && (!best || year > best.year)) best = { id: p.id, year }
    }
    return best?.id
  }
  return ids.find(id => id === String(abierto))
}

export function groupByCategory(rows: Fila[]): CategoryGroup[] {
  const groups: CategoryGroup[] = []
  for (const r of rows) {
    let g = groups.find(x => x.category === r.categoria)
    if (!g) {
      g = { category: r.categoria, rows: [] }
      groups.push(g)
    }
    g.rows.push(r)
  }
  return groups
}
