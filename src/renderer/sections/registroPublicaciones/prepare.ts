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
  return out.sort((a, b) => b.anio - a.anio || b.fecha.localeCompare(a.fecha) || a.titulo.localeCompare(b.titulo))
}
