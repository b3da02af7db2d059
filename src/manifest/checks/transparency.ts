import type { Sourced } from '../load.ts'
import type { Problem } from '../problem.ts'
import { positionOf, problemAt, type JsonPath } from '../yamlSource.ts'
import type { PageManifest, SeccionTransparencia } from '../types.generated.ts'
import { leafItems, loadAnnex } from '../transparencyAnnex.ts'
import { sectionsOfType, type CrossCheck } from './context.ts'

/**
 * The transparency tree must answer every item of the annex that has no
 * sub-items exactly once, with links or with the legal reason it does not
 * apply (the Procuraduría's ITA methodology counts a silent item as missing).
 */
export function checkTransparencyTree(page: Sourced<PageManifest>, p: JsonPath, section: SeccionTransparencia): Problem[] {
  const annex = loadAnnex()
  const leaves = leafItems(annex)
  const known = new Map(annex.items.map(i => [i.numero, i]))
  const leafSet = new Set(leaves.map(l => l.numero))
  const problems: Problem[] = []
  const first = new Map<string, number>()
  section.items.forEach((item, i) => {
    const at = [...p, 'items', i]
    const prev = first.get(item.numero)
    if (prev !== undefined) {
      const line = positionOf(page.source, [...p, 'items', prev]).line
      problems.push(problemAt(page.source, [...at, 'numero'], `el numeral ${item.numero} está repetido: ya aparece en la línea ${line}`))
      return
    }
    first.set(item.numero, i)
    if (!known.has(item.numero))
      problems.push(
        problemAt(
          page.source,
          [...at, 'numero'],
          `el numeral ${item.numero} no existe en el anexo 2 de la Resolución 1519 de 2020 (docs/normas/anexo2-transparencia.yaml)`,
        ),
      )
    else if (!leafSet.has(item.numero))
      problems.push(
        problemAt(
          page.source,
          [...at, 'numero'],
          `el numeral ${item.numero} tiene subnumerales: responda cada subnumeral (${item.numero}.1, ${item.numero}.2…) en lugar del numeral`,
        ),
      )
    if (!item.enlaces && !item.noAplica)
      problems.push(problemAt(page.source, at, `el numeral ${item.numero} necesita «enlaces» o «noAplica» con la razón legal`))
    if (item.enlaces && item.noAplica)
      problems.push(problemAt(page.source, [...at, 'noAplica'], `el numeral ${item.numero} tiene «enlaces» y «noAplica»: deje solo uno`))
  })
  const missing = leaves.filter(l => !first.has(l.numero))
  for (const m of missing)
    problems.push(
      problemAt(page.source, [...p, 'items'], `falta el numeral ${m.numero} «${m.nombre}»: agréguelo con «enlaces» o con «noAplica» y la razón legal`),
    )
  return problems
}

/** Checks of `transparencia` sections (the numbered tree of Resolución 1519 de 2020, Anexo 2). */
export const transparencyChecks: CrossCheck[] = [
  {
    name: 'transparency-tree-items',
    run: ({ manifest }) =>
      [...sectionsOfType<SeccionTransparencia>(manifest, 'transparencia')].flatMap(({ page, path, section }) => checkTransparencyTree(page, path, section)),
  },
]
