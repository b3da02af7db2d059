import type { Enlace, SeccionTransparencia } from '../../../manifest/types.generated.ts'
import { loadAnnex, parentOf } from '../../../manifest/transparencyAnnex.ts'

/** A numbered item of the annex with the site's answer (links, or why it does not apply). */
export interface TransparencyNode {
  numero: string
  nombre: string
  enlaces?: Enlace[]
  noAplica?: string
  pendiente?: string
  nota?: string
  hijos: TransparencyNode[]
}

/** The annex's tree (names and order from docs/normas) filled with the manifest's answers. */
export function transparencyTree(section: SeccionTransparencia): TransparencyNode[] {
  const answers = new Map(section.items.map(i => [i.numero, i]))
  const nodes = new Map<string, TransparencyNode>()
  const roots: TransparencyNode[] = []
  for (const item of loadAnnex().items) {
    const a = answers.get(item.numero)
    const node: TransparencyNode = {
      numero: item.numero,
      nombre: item.nombre,
      hijos: [],
      ...(a?.enlaces && { enlaces: a.enlaces }),
      ...(a?.noAplica && { noAplica: a.noAplica }),
      ...(a?.pendiente && { pendiente: a.pendiente }),
      ...(a?.nota && { nota: a.nota }),
    }
    nodes.set(item.numero, node)
    const parent = parentOf(item.numero)
    if (parent && nodes.has(parent)) nodes.get(parent)!.hijos.push(node)
    else roots.push(node)
  }
  return roots
}
