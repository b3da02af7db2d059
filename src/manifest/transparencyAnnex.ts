import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { projectRoot } from './paths.ts'

/** One numbered item of the transparency menu of Resolución 1519 de 2020, Anexo 2. */
export interface AnnexItem {
  numero: string
  nombre: string
}

export interface TransparencyAnnex {
  norma: string
  fuente: string
  items: AnnexItem[]
}

/** The annex's list lives in docs/ (with its sources): the next edition of the norm is a data change. */
export function annexFile(): string {
  return path.resolve(process.env.TRANSPARENCY_ANNEX ?? path.join(projectRoot(), 'docs', 'normas', 'anexo2-transparencia.yaml'))
}

const cache = new Map<string, TransparencyAnnex>()

export function loadAnnex(file = annexFile()): TransparencyAnnex {
  const cached = cache.get(file)
  if (cached) return cached
  const data = parse(fs.readFileSync(file, 'utf8')) as TransparencyAnnex
  const seen = new Set<string>()
  for (const item of data?.items ?? []) {
    if (!/^\d+(\.\d+)*$/.test(String(item.numero)) || !item.nombre) throw new Error(`${file}: numeral mal escrito: ${JSON.stringify(item)}`)
    if (seen.has(item.numero)) throw new Error(`${file}: el numeral ${item.numero} está repetido`)
    seen.add(item.numero)
  }
  cache.set(file, data)
  return data
}

export function parentOf(numero: string): string | undefined {
  const i = numero.lastIndexOf('.')
  return i < 0 ? undefined : numero.slice(0, i)
}

/** Items that have sub-items are headings; the others must each be answered once by the site. */
export function leafItems(annex: TransparencyAnnex): AnnexItem[] {
  const parents = new Set(annex.items.map(i => parentOf(i.numero)).filter(Boolean))
  return annex.items.filter(i => !parents.has(i.numero))
}

/** The element id the transparency page gives a category (`categoria-7`): links and the ITA matrix point at it. */
export function categoryAnchor(numero: string): string {
  return `categoria-${numero}`
}

/** The element id the transparency page gives a numeral below a category (`numeral-7-1-1`). */
export function numeralAnchor(numero: string): string {
  return `numeral-${numero.replace(/\./g, '-')}`
}
