/**
 * What a hospital must still supply (docs/decisions/build.md): every `muestra: true` in a site's manifest marks content the
 * hospital must replace (house rule), so the list is read from those marks, never written by hand: each item says
 * the file, the line and the key to edit, what it is (a page's route and title, a list's title, a news item), and
 * the files under public/ it points to (the sample PDFs and images to replace).
 */
import fs from 'node:fs'
import path from 'node:path'
import { isMap, isPair, isScalar, LineCounter, parseDocument, visit, type YAMLMap } from 'yaml'

export interface ChecklistItem {
  /** The file, relative to the folder given (POSIX). */
  file: string
  /** Line of the `muestra: true` mark (1-based). */
  line: number
  /** Where the marked object is in the file: «contacto.entidad», «avisoPrivacidad»; empty for the whole file. */
  key: string
  /** The page's, list's or news item's title, when it has one. */
  titulo?: string
  /** The page's route. */
  ruta?: string
  /** Files of public/ the marked content links to (relative to the folder given, POSIX). */
  archivos: string[]
  kind: 'sitio' | 'pagina' | 'documentos' | 'noticia' | 'formulario' | 'otro'
}

function kindOf(rel: string): ChecklistItem['kind'] {
  if (rel === 'manifest/site.yaml') return 'sitio'
  if (rel.startsWith('manifest/pages/')) return 'pagina'
  if (rel.startsWith('manifest/documents/')) return 'documentos'
  if (rel.startsWith('manifest/news/')) return 'noticia'
  if (rel.startsWith('manifest/forms/')) return 'formulario'
  return 'otro'
}

function scalarOf(map: YAMLMap, key: string): string | undefined {
  const v = map.get(key, true)
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined
}

/** Every `/assets/…` address inside a node, as the public/ file it names (only files that exist). */
function assetFiles(node: unknown, siteFolder: string): string[] {
  const out = new Set<string>()
  visit(node as Parameters<typeof visit>[0], {
    Scalar(_, s) {
      if (typeof s.value !== 'string') return
      for (const m of s.value.matchAll(/\/assets\/[^\s)"'>\]]+/g)) {
        const rel = `public${decodeURI(m[0])}`
        if (fs.existsSync(path.join(siteFolder, rel))) out.add(rel)
      }
    },
  })
  return [...out].sort()
}

/** The checklist of one site's folder (holding manifest/ and public/), in file order. */
export function sampleChecklist(siteFolder: string): ChecklistItem[] {
  const manifest = path.join(siteFolder, 'manifest')
  const files = (fs.readdirSync(manifest, { recursive: true }) as string[]).filter(f => /\.ya?ml$/.test(f)).sort()
  const items: ChecklistItem[] = []
  for (const f of files) {
    const rel = ['manifest', ...f.split(path.sep)].join('/')
    const lines = new LineCounter()
    const doc = parseDocument(fs.readFileSync(path.join(manifest, f), 'utf8'), { lineCounter: lines })
    visit(doc, {
      Map(_, map, ancestors) {
        const mark = map.items.find(p => isScalar(p.key) && p.key.value === 'muestra')
        if (!mark || !isScalar(mark.value) || mark.value.value !== true) return
        const keys = ancestors.filter(isPair).map(p => (isScalar(p.key) ? String(p.key.value) : '?'))
        const offset = (mark.key as { range?: [number, number, number] }).range?.[0] ?? 0
        const top = isMap(doc.contents) && doc.contents === map
        items.push({
          file: rel,
          line: lines.linePos(offset).line,
          key: keys.join('.'),
          titulo: scalarOf(map, 'titulo') ?? (top && isMap(doc.contents) ? scalarOf(doc.contents, 'titulo') : undefined),
          ruta: top ? scalarOf(map, 'ruta') : undefined,
          archivos: assetFiles(map, siteFolder),
          kind: kindOf(rel),
        })
      },
    })
  }
  return items
}

function commonFolder(files: string[]): string {
  let parts = files[0]!.split('/').slice(0, -1)
  for (const f of files.slice(1)) {
    const other = f.split('/')
    let n = 0
    while (n < parts.length && parts[n] === other[n]) n++
    parts = parts.slice(0, n)
  }
  return parts.join('/')
}

const HEADINGS: Record<ChecklistItem['kind'], string> = {
  sitio: 'Datos de la institución',
  pagina: 'Páginas con texto de muestra',
  documentos: 'Listas de documentos de muestra (reemplace las filas y los archivos)',
  noticia: 'Noticias de muestra (reemplácelas o bórrelas)',
  formulario: 'Formularios',
  otro: 'Otros',
}

/** The checklist in Spanish, grouped; `prefix` is where the site's folder is, as the operator types it. */
export function formatChecklist(items: ChecklistItem[], prefix: string): string[] {
  const at = (rel: string) => `${prefix}/${rel}`
  const out = [
    `Lo que el hospital debe entregar (${items.length} puntos). Cada punto tiene «muestra: true» en el archivo y la línea indicados:`,
    'reemplace el contenido de muestra por el real y borre esa línea; npm run validate muestra los errores que queden.',
  ]
  for (const kind of Object.keys(HEADINGS) as Array<ChecklistItem['kind']>) {
    const group = items.filter(i => i.kind === kind)
    if (group.length === 0) continue
    out.push('', `${HEADINGS[kind]}:`)
    for (const i of group) {
      const what = [i.ruta, i.titulo && `«${i.titulo}»`].filter(Boolean).join(' ')
      const key = i.key ? `clave ${i.key}` : 'todo el archivo'
      out.push(`  [ ] ${at(i.file)}:${i.line}  ${key}${what ? ` — ${what}` : ''}`)
      // A sample list names dozens of PDFs: then their count and the folder that holds them.
      if (i.archivos.length <= 3) for (const a of i.archivos) out.push(`        archivo: ${at(a)}`)
      else out.push(`        ${i.archivos.length} archivos de muestra en ${at(commonFolder(i.archivos))}/`)
    }
  }
  return out
}
