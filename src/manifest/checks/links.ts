import fs from 'node:fs'
import path from 'node:path'
import { isScalar, Scalar } from 'yaml'
import type { Manifest, Sourced } from '../load.ts'
import { needsRenaming, renamedAssetLink } from '../fileNames.ts'
import { displayPath, publicDir } from '../paths.ts'
import type { Problem } from '../problem.ts'
import { closest } from '../schemaMessages.ts'
import { isInternalRoute, isLocalAsset, routeOf } from '../urls.ts'
import { positionOf, problemAt, type JsonPath, type YamlSource } from '../yamlSource.ts'
import { walk, type CrossCheck } from './context.ts'

/** Keys whose string value is a link or a local file. */
const LINK_KEYS = new Set(['url', 'href', 'src', 'imagen', 'archivo', 'redirigirA', 'subtitulos', 'transcripcion', 'mapaSitio', 'politicaDatos', 'politica'])
/** Keys whose value is Markdown or HTML that may contain links. */
const RICH_KEYS = new Set(['contenido', 'respuesta', 'cuerpo', 'encabezado', 'texto'])

export interface FoundLink {
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
export function linkProblem(link: FoundLink, message: string): Problem {
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

/** Every link of a manifest, collected once per validation: three checks read them (10,000 on a 1,000-page site). */
const linksOf = new WeakMap<Manifest, FoundLink[]>()
export function allLinks(m: Manifest): FoundLink[] {
  let links = linksOf.get(m)
  if (!links) {
    // Files that failed their schema too: their links are reported in the same run as their schema errors.
    const items: Sourced<unknown>[] = [
      ...(m.site ? [m.site] : []),
      ...m.pages,
      ...m.documents,
      ...m.news,
      ...m.forms,
      ...(m.ita ? [m.ita] : []),
      ...(m.declared.invalid ?? []),
    ]
    links = items.flatMap(collectLinks)
    linksOf.set(m, links)
  }
  return links
}

/** public/… path of a local asset link. */
export function assetPath(url: string): string {
  return decodeURI(routeOf(url))
}

/** Names in a folder of public/, read once per validation (undefined for a missing folder). */
function folderListing(): (dir: string) => string[] | undefined {
  const cache = new Map<string, string[] | undefined>()
  return dir => {
    if (!cache.has(dir)) {
      let names: string[] | undefined
      try {
        names = fs.readdirSync(dir)
      } catch {
        names = undefined
      }
      cache.set(dir, names)
    }
    return cache.get(dir)
  }
}

type Found =
  | { kind: 'exists' }
  | { kind: 'case'; folder: string; name: string }
  | { kind: 'near'; name: string }
  | { kind: 'no-folder'; folder: string }
  | { kind: 'missing' }

/** A folder's names as a set, made once per listing: a site links thousands of files in folders of hundreds. */
const nameSets = new WeakMap<string[], Set<string>>()
function nameSet(names: string[]): Set<string> {
  let set = nameSets.get(names)
  if (!set) {
    set = new Set(names)
    nameSets.set(names, set)
  }
  return set
}

/**
 * Whether public/<rel> exists with this exact spelling, comparing names read
 * from each folder: Windows and macOS find «Informe.PDF» for «informe.pdf»,
 * the Linux server answers 404. Also the nearest name when it does not exist.
 */
function findExactCase(rel: string, listing: (dir: string) => string[] | undefined, root = publicDir()): Found {
  const segments = rel.split('/').filter(Boolean)
  // The folder shown to staff, built only for a problem (10,000 links on a 1,000-page site, nearly all fine).
  const shown = (i: number) =>
    segments
      .slice(0, i)
      .map(s => `/${s}`)
      .join('')
  let dir = root
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!
    const names = listing(dir)
    if (!names) return { kind: 'no-folder', folder: shown(i) }
    if (!nameSet(names).has(seg)) {
      const other = names.find(n => n.toLowerCase() === seg.toLowerCase())
      if (other) return { kind: 'case', folder: shown(i) || '/', name: other }
      if (i < segments.length - 1) return { kind: 'no-folder', folder: shown(i + 1) }
      const near = closest(
        seg,
        names.filter(n => !n.startsWith('.')),
      )
      return near ? { kind: 'near', name: near } : { kind: 'missing' }
    }
    // A name read from the folder itself (never «..» or «.»): joined without path.join's normalising.
    dir = `${dir}${path.sep}${seg}`
  }
  return { kind: 'exists' }
}

/** A file nothing links; one named with spaces or accents also gets the name docs:add would give it. */
function unlinkedMessage(rel: string): string {
  if (!needsRenaming(rel)) return 'ningún manifiesto enlaza este archivo'
  return `ningún manifiesto enlaza este archivo, y su nombre tiene espacios, tildes o «ñ»: npm run docs:add lo renombraría «public${renamedAssetLink(rel)}»`
}

/** Checks of links and of the files staff publish under public/assets/. */
export const linkChecks: CrossCheck[] = [
  {
    name: 'missing-asset',
    run: ({ manifest }) => {
      const listing = folderListing()
      // Once per check, not per link (10,000 links on a large site).
      const root = publicDir()
      const assets = path.join(root, 'assets') + path.sep
      return allLinks(manifest)
        .filter(link => isLocalAsset(link.url))
        .flatMap(link => {
          const rel = assetPath(link.url)
          const base = `el archivo «${link.url}» no existe en public${rel}`
          if (!path.join(root, rel).startsWith(assets)) return [linkProblem(link, base)]
          const found = findExactCase(rel, listing, root)
          if (found.kind === 'exists') return []
          if (found.kind === 'case') {
            return [
              linkProblem(
                link,
                `el archivo «${link.url}» no existe con esas mayúsculas y minúsculas: en public${found.folder} se llama «${found.name}» (el servidor las distingue: corrija el enlace o el nombre del archivo)`,
              ),
            ]
          }
          if (found.kind === 'near') return [linkProblem(link, `${base} (¿quiso decir «${found.name}»?)`)]
          if (found.kind === 'no-folder') return [linkProblem(link, `${base}: no existe la carpeta public${found.folder}`)]
          return [linkProblem(link, base)]
        })
    },
  },
  {
    name: 'broken-internal-link',
    run: ({ manifest, knownRoutes }) =>
      allLinks(manifest)
        .filter(link => isInternalRoute(link.url) && !knownRoutes.has(routeOf(link.url)))
        .map(link => linkProblem(link, `el enlace «${link.url}» apunta a una página que no existe`)),
  },
  {
    name: 'unlinked-asset',
    run: ({ manifest }) => {
      const linked = new Set(
        allLinks(manifest)
          .filter(link => isLocalAsset(link.url))
          .map(link => assetPath(link.url)),
      )
      // A file that failed to load would have linked the assets its text mentions:
      // those get one summary line on that file instead of one warning each. Read only when some file is
      // unlinked (every manifest file is read for it: 1,100 files on a 1,000-page site whose files are all linked).
      let mentioned: Map<string, string> | undefined
      const mentionedBy = () => {
        if (mentioned) return mentioned
        mentioned = new Map<string, string>()
        for (const file of manifest.declared.files) {
          for (const m of fs.readFileSync(file, 'utf8').matchAll(/\/assets\/[^\s"'#)\]]+/g)) {
            const rel = decodeURI(routeOf(m[0]))
            if (!mentioned.has(rel)) mentioned.set(rel, file)
          }
        }
        return mentioned
      }
      const held = new Map<string, number>()
      const out: Problem[] = []
      // `rel`: the folder's public/ path, built as the walk goes down (not path.relative per file: 10,000 files).
      const visit = (dir: string, relDir: string) => {
        if (!fs.existsSync(dir)) return
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, e.name)
          const rel = `${relDir}/${e.name}`
          if (e.isDirectory()) visit(full, rel)
          else if (!e.name.startsWith('.')) {
            if (linked.has(rel)) continue
            const holder = mentionedBy().get(rel)
            if (holder) held.set(holder, (held.get(holder) ?? 0) + 1)
            else out.push({ file: `public${rel}`, line: 1, col: 1, message: unlinkedMessage(rel), level: 'aviso', wholeFile: true })
          }
        }
      }
      visit(path.join(publicDir(), 'assets'), '/assets')
      for (const [file, n] of held) {
        out.push({
          file: displayPath(file),
          line: 1,
          col: 1,
          message: `mientras este archivo tenga errores, los ${n} archivo(s) de public/assets que enlaza no aparecen en ninguna página`,
          level: 'aviso',
          wholeFile: true,
        })
      }
      return out
    },
  },
]
