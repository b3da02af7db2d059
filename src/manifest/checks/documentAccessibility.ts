/**
 * Accessible documents (Resolución 1519 de 2020, Anexo 1; ITA criterion «i»): every PDF under public/ that is not
 * tagged (no structure tree, language or title: src/manifest/pdfTagging.ts) is a warning, never an error — the
 * hospital publishes what it has while it replaces the files. The warning points at each row or link that
 * publishes the file, naming its document list; a PDF nothing links is named by its own path.
 */
import fs from 'node:fs'
import path from 'node:path'
import { publicDir } from '../paths.ts'
import { fileTagGaps, saveTagCache, type TagGap } from '../pdfTagging.ts'
import type { Manifest } from '../load.ts'
import type { Problem } from '../problem.ts'
import type { YamlSource } from '../yamlSource.ts'
import type { CrossCheck } from './context.ts'
import { allLinks, assetPath, linkProblem } from './links.ts'
import { isLocalAsset } from '../urls.ts'

/** Every PDF under `dir`, as its public/ path (`/assets/…`) → file. */
function pdfsUnder(dir: string, rel = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (!fs.existsSync(dir)) return out
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue
    const full = path.join(dir, e.name)
    if (e.isDirectory()) for (const [k, v] of pdfsUnder(full, `${rel}/${e.name}`)) out.set(k, v)
    else if (e.name.toLowerCase().endsWith('.pdf')) out.set(`${rel}/${e.name}`, full)
  }
  return out
}

export function untaggedMessage(rel: string, gaps: readonly TagGap[], where: string): string {
  return (
    `el PDF «${rel}»${where} no está etiquetado para lectores de pantalla (le falta: ${gaps.join(', ')}): ` +
    'expórtelo de nuevo como «PDF etiquetado» (accesible) desde el programa con que se hizo, con el título y el idioma del documento, y reemplace el archivo'
  )
}

/** The untagged PDFs under public/, each with what it lacks (the build's summary counts them). */
export function untaggedPdfs(): Array<{ rel: string; gaps: TagGap[] }> {
  const out: Array<{ rel: string; gaps: TagGap[] }> = []
  for (const [rel, file] of pdfsUnder(publicDir())) {
    const gaps = fileTagGaps(file)
    // A file that is not a PDF at all is not this check's: it cannot be tagged, only replaced.
    if (gaps && gaps.length > 0) out.push({ rel, gaps })
  }
  saveTagCache()
  return out
}

export const documentAccessibilityChecks: CrossCheck[] = [
  {
    name: 'untagged-pdf',
    readsPublicFiles: true,
    run: ({ manifest }) => {
      const untagged = untaggedPdfs()
      if (untagged.length === 0) return []
      const listOf = new Map<YamlSource, string>(manifest.documents.map(d => [d.source, d.data.id]))
      const pageOf = new Map<YamlSource, string>(manifest.pages.map(p => [p.source, p.data.ruta]))
      const linksTo = new Map<string, ReturnType<typeof allLinks>>()
      for (const link of allLinks(manifest)) {
        if (!isLocalAsset(link.url)) continue
        const rel = assetPath(link.url)
        linksTo.set(rel, [...(linksTo.get(rel) ?? []), link])
      }
      const out: Problem[] = []
      for (const { rel, gaps } of untagged) {
        const links = linksTo.get(rel) ?? []
        if (links.length === 0) {
          out.push({ file: `public${rel}`, line: 1, col: 1, message: untaggedMessage(rel, gaps, ''), level: 'aviso', wholeFile: true })
          continue
        }
        for (const link of links) {
          const list = listOf.get(link.source)
          const page = pageOf.get(link.source)
          const where = list ? ` de la lista de documentos «${list}»` : page ? ` enlazado en la página «${page}»` : ''
          out.push({ ...linkProblem(link, untaggedMessage(rel, gaps, where)), level: 'aviso' })
        }
      }
      return out
    },
  },
]

/** Anexo 1's criterion «i» in manifest/ita.yaml: accessible documents. */
const DOCUMENTS_CRITERION = { bloque: 'anexo1', codigo: 'i' } as const

/**
 * The build summary's lines on untagged PDFs: their count, and a line when the ITA matrix says otherwise
 * (criterion «i» published while some PDF is untagged, or still pending when none is), so the matrix the
 * compliance officer files and the validator's count agree.
 */
export function untaggedSummary(manifest: Manifest): string[] {
  const n = untaggedPdfs().length
  const lines = n > 0 ? [`  Documentos PDF sin etiquetar (no accesibles): ${n}; npm run validate avisa de cada uno, con su lista.`] : []
  const criterion = manifest.ita?.data.criterios.find(c => c.bloque === DOCUMENTS_CRITERION.bloque && c.codigo === DOCUMENTS_CRITERION.codigo)
  if (criterion && n > 0 && !criterion.pendiente)
    lines.push(
      `  La matriz ITA da por cumplido el criterio i del anexo 1 (documentos accesibles) con ${n} PDF sin etiquetar: márquelo «pendiente» en manifest/ita.yaml hasta reemplazarlos.`,
    )
  if (criterion?.pendiente && n === 0)
    lines.push(
      '  Ningún PDF queda sin etiquetar, y el criterio i del anexo 1 (documentos accesibles) sigue «pendiente» en manifest/ita.yaml: enlace su evidencia.',
    )
  return lines
}
