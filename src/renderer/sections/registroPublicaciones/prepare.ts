import type { Manifest } from '../../../manifest/load.ts'

/** One published document in the registro de publicaciones. */
export interface Publication {
  titulo: string
  url: string
  fecha: string
  anio: number
  /** Page that lists it (or the list's title when no page does). */
  lista: string
  listaUrl?: string
}

/** Every document row of the manifest, newest first: the register is derived, never typed twice. */
export function publications(manifest: Manifest): Publication[] {
  const listedOn = new Map<string, { titulo: string; ruta: string }>()
  for (const { data: page } of manifest.pages) {
    for (const m of JSON.stringify(page.secciones ?? []).matchAll(/"fuente":"([^"]+)"/g)) {
      if (!listedOn.has(m[1]!)) listedOn.set(m[1]!, { titulo: page.titulo, ruta: page.ruta })
    }
  }
  const out: Publication[] = []
  for (const { data: list } of manifest.documents) {
    const page = listedOn.get(list.id)
    for (const row of list.filas) {
      out.push({
        titulo: row.titulo,
        url: row.archivo ?? row.url ?? '#',
        fecha: row.fecha ?? '',
        anio: row.anio,
        lista: page?.titulo ?? list.titulo,
        ...(page && { listaUrl: page.ruta }),
      })
    }
  }
  return out.sort((a, b) => b.fecha.localeCompare(a.fecha) || b.anio - a.anio || a.titulo.localeCompare(b.titulo))
}

/** A panel of the register: the documents published in one year, or those whose row has no date. */
export interface PublicationGroup {
  /** `registro-<year>` or `registro-sin-fecha`: the panel's id, to link it. */
  id: string
  etiqueta: string
  filas: Publication[]
}

/**
 * The register grouped by the year of publication (the row's `fecha`), never by `anio`: that is the period a
 * document reports on, and a 2025 report published on 2026-01-30 belongs to 2026 here (Ley 1712 de 2014 art. 11 j;
 * docs/decisions/transparency-and-identity.md). Rows without a date come last, in a panel that says so.
 */
export function publicationGroups(rows: readonly Publication[]): PublicationGroup[] {
  const groups = new Map<string, PublicationGroup>()
  for (const r of rows) {
    const year = r.fecha.slice(0, 4)
    const id = year ? `registro-${year}` : 'registro-sin-fecha'
    let g = groups.get(id)
    if (!g) {
      g = { id, etiqueta: year ? `Publicados en ${year}` : 'Sin fecha de publicación', filas: [] }
      groups.set(id, g)
    }
    g.filas.push(r)
  }
  return [...groups.values()].sort((a, b) => Number(a.id === 'registro-sin-fecha') - Number(b.id === 'registro-sin-fecha') || b.id.localeCompare(a.id))
}
