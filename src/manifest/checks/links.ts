import fs from 'node:fs'
import path from 'node:path'
import { isScalar, Scalar } from 'yaml'
import type { Manifest, Sourced } from '../load.ts'
import { publicDir } from '../paths.ts'
import type { Problem } from '../problem.ts'
import { isInternalRoute, isLocalAsset, routeOf } from '../urls.ts'
import { positionOf, problemAt, type JsonPath, type YamlSource } from '../yamlSource.ts'
import { walk, type CrossCheck } from './context.ts'

/** Keys whose string value is a link or a local file. */
const LINK_KEYS = new Set(['url', 'href', 'src', 'imagen', 'archivo', 'redirigirA', 'subtitulos', 'transcripcion', 'mapaSitio', 'politicaDatos'])
/** Keys whose value is Markdown or HTML that may contain links. */
const RICH_KEYS = new Set(['contenido', 'respuesta', 'cuerpo', 'encabezado', 'texto'])

interface FoundLink {
  source: YamlSource
  path: JsonPath
  url: string
  /** line offset inside a block scalar, when the link comes from rich text */
  lineInText?: number
}

const RICH_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|\b(?:href|src)\s*=\s*["']([^"']+)["']/g

export function collectLinks(item: Sourced<unknown>): FoundLink[] {
  const out: FoundLink[] = []
  for (const { key, value, path: p } of walk(item.data, [])) {
    if (typeof value !== 'string') continue
    if (typeof key === 'string' && LINK_KEYS.has(key)) out.push({ source: item.source, path: p, url: value })
    else if (typeof key === 'string' && RICH_KEYS.has(key)) {
      const lines = value.split('\n')
      lines.forEach((line, i) => {
        for (const m of line.matchAll(RICH_LINK)) out.push({ source: item.source, path: p, url: (m[1] ?? m[2])!, lineInText: i })
      })
    }
  }
  return out
}

/** A link's problem points at the link itself, also inside a block of Markdown. */
function linkProblem(link: FoundLink, message: string): Problem {
  const base = problemAt(link.source, link.path, message)
  if (link.lineInText === undefined) return base
  const node = link.source.doc.getIn(link.path, true)
  const isBlock = isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)
  if (!isBlock) return base
  const { line } = positionOf(link.source, link.path)
  const lineNo = line + 1 + link.lineInText
  const col = (link.source.text.split('\n')[lineNo - 1] ?? '').indexOf(link.url) + 1
  return { ...base, line: lineNo, col: col > 0 ? col : base.col }
}

function allLinks(m: Manifest): FoundLink[] {
  const items: Sourced<unknown>[] = [...(m.site ? [m.site] : []), ...m.pages, ...m.documents, ...m.news, ...m.forms]
  return items.flatMap(collectLinks)
}

/** public/… path of a local asset link. */
function assetPath(url: string): string {
  return decodeURI(routeOf(url))
}

/** Checks of links and of the files staff publish under public/assets/. */
export const linkChecks: CrossCheck[] = [
  {
    name: 'missing-asset',
    run: ({ manifest }) =>
      allLinks(manifest)
        .filter((link) => isLocalAsset(link.url))
        .filter((link) => {
          const file = path.join(publicDir(), assetPath(link.url))
          return !file.startsWith(path.join(publicDir(), 'assets')) || !fs.existsSync(file)
        })
        .map((link) => linkProblem(link, `el archivo «${link.url}» no existe en public${assetPath(link.url)}`)),
  },
  {
    name: 'broken-internal-link',
    run: ({ manifest, knownRoutes }) =>
      allLinks(manifest)
        .filter((link) => isInternalRoute(link.url) && !knownRoutes.has(routeOf(link.url)))
        .map((link) => linkProblem(link, `el enlace «${link.url}» apunta a una página que no existe`)),
  },
  {
    name: 'unlinked-asset',
    run: ({ manifest }) => {
      const linked = new Set(
        allLinks(manifest)
          .filter((link) => isLocalAsset(link.url))
          .map((link) => assetPath(link.url)),
      )
      const out: Problem[] = []
      const visit = (dir: string) => {
        if (!fs.existsSync(dir)) return
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, e.name)
          if (e.isDirectory()) visit(full)
          else if (!e.name.startsWith('.')) {
            const rel = '/' + path.relative(publicDir(), full).split(path.sep).join('/')
            if (!linked.has(rel)) out.push({ file: `public${rel}`, line: 1, col: 1, message: 'ningún manifiesto enlaza este archivo', level: 'aviso' })
          }
        }
      }
      visit(path.join(publicDir(), 'assets'))
      return out
    },
  },
]
