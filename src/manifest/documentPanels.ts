import type { Fila, SeccionDocumentos } from '../manifest/types.generated.ts'

export interface DocumentPanel {
  id: string
  title: string
  rows: Fila[]
}

export interface CategoryGroup {
  category: string | undefined
  rows: Fila[]
}

function rowsOfSection(section: SeccionDocumentos, rows: Fila[]): Fila[] {
  return section.categoria ? rows.filter((r) => r.categoria === section.categoria) : rows
}

/**
 * The accordion panels of a documents section: the declared year ranges, or
 * one panel per year, newest first.
 */
export function panelsFor(section: SeccionDocumentos, allRows: Fila[]): DocumentPanel[] {
  const rows = rowsOfSection(section, allRows)
  if (section.paneles) {
    return section.paneles.map((p) => ({
      id: p.id,
      title: p.titulo,
      rows: rows.filter((r) => r.anio >= p.desde && r.anio <= p.hasta && (!p.categoria || r.categoria === p.categoria)),
    }))
  }
  const years = [...new Set(rows.map((r) => r.anio))].sort((a, b) => b - a)
  return years.map((y) => ({ id: String(y), title: String(y), rows: rows.filter((r) => r.anio === y) }))
}

export function sectionRows(section: SeccionDocumentos, allRows: Fila[]): Fila[] {
  return rowsOfSection(section, allRows)
}

/** Id of the panel that starts open, or undefined for none. */
export function initiallyOpen(abierto: string | number | undefined, ids: string[]): string | undefined {
  if (abierto === 'ninguno') return undefined
  if (abierto === undefined || abierto === 'primero') return ids[0]
  return ids.find((id) => id === String(abierto))
}

export function groupByCategory(rows: Fila[]): CategoryGroup[] {
  const groups: CategoryGroup[] = []
  for (const r of rows) {
    let g = groups.find((x) => x.category === r.categoria)
    if (!g) groups.push((g = { category: r.categoria, rows: [] }))
    g.rows.push(r)
  }
  return groups
}
