/**
 * The editor's preview pane (docs/decisions/staff-tooling.md): the page as the site renders it, with the form's unsaved data.
 * The CMS sends the entry it is editing (its file and data); this module loads the working copy's manifest,
 * puts the entry's data in place of its file's, and renders the page that shows it with the site's own
 * section components and preparers (the same code `npm run build` pre-renders). The editor's page then
 * shows that HTML in Decap's preview frame with the site's style sheets (previewStyles).
 */
import fs from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { yearFolderPath } from '../../src/manifest/addDocuments.ts'
import { loadManifest, type Manifest, type Sourced } from '../../src/manifest/load.ts'
import { resolvePlaceholders } from '../../src/manifest/resolve.ts'
import { manifestValidators, type ManifestKind } from '../../src/manifest/schemas.ts'
import { relevantErrors, translateAjvError } from '../../src/manifest/schemaMessages.ts'
import { buildPageData } from '../../src/renderer/pageData.ts'
import type { PageData } from '../../src/renderer/types.ts'
import { SectionList } from '../../src/renderer/SectionList.tsx'

export type PreviewResult = { html: string; ruta: string } | { aviso: string }

/** What Decap leaves in a form for a field left blank (empty texts, empty lists, nulls): the file would not have it. */
export function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBlanks).filter(v => v !== undefined)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      const kept = withoutBlanks(v)
      if (kept === undefined || kept === '' || (Array.isArray(kept) && kept.length === 0)) continue
      out[k] = kept
    }
    return out
  }
  return value === null ? undefined : value
}

/** Does any section (at any depth) list the document list `id`? */
function showsList(value: unknown, id: string): boolean {
  if (Array.isArray(value)) return value.some(v => showsList(v, id))
  if (!value || typeof value !== 'object') return false
  const o = value as Record<string, unknown>
  if (o.tipo === 'documentos' && o.fuente === id) return true
  return Object.values(o).some(v => showsList(v, id))
}

interface Target {
  kind: ManifestKind
  entry: Sourced<any>
  /** The route of the page the preview shows. */
  ruta?: string
}

function targetOf(manifest: Manifest, abs: string): Target | undefined {
  const real = (f: string) => (fs.existsSync(f) ? fs.realpathSync(f) : path.resolve(f))
  const same = (s: Sourced<unknown>) => real(s.source.file) === real(abs)
  const page = manifest.pages.find(same)
  if (page) return { kind: 'page', entry: page, ruta: page.data.ruta }
  const list = manifest.documents.find(same)
  if (list) {
    const pages = manifest.pages.filter(p => showsList(p.data.secciones, list.data.id))
    // The list's own page (its route ends with the list's id) before a page that gathers several lists.
    const own = pages.find(p => p.data.ruta.split('/').pop() === list.data.id) ?? pages[0]
    return { kind: 'documents', entry: list, ruta: own?.data.ruta }
  }
  return undefined
}

/**
 * A document list's rows as the save will write them: a row linking a file not on disk yet (an upload, still named
 * as the clerk's PC named it) links the name and year folder the save gives it (editorUploads.ts, `yearFolderPath`).
 * Without this the preview refused the upload's name (spaces, accents) with a rename message the clerk cannot act
 * on, and kept it after «Guardado», since the form keeps the name it sent.
 */
function asSaved(data: unknown, publicRoot: string): unknown {
  const rows = (data as { filas?: unknown })?.filas
  if (!Array.isArray(rows)) return data
  const filas = rows.map(row => {
    const r = row as { archivo?: unknown; anio?: unknown }
    if (typeof r?.archivo !== 'string' || !r.archivo.startsWith('/assets/') || !Number.isInteger(r.anio)) return row
    if (fs.existsSync(path.join(publicRoot, decodeURI(r.archivo)))) return row
    const folder = r.archivo.slice(0, r.archivo.lastIndexOf('/'))
    return { ...r, archivo: yearFolderPath(folder, r.anio as number, r.archivo) }
  })
  return { ...(data as object), filas }
}

/** The preview of `archivo` (a path under the working copy, e.g. manifest/documents/presupuesto.yaml) holding `datos`. */
export function renderPreview(repo: string, archivo: string, datos: unknown): PreviewResult {
  const manifestDir = path.join(repo, 'manifest')
  const abs = path.resolve(repo, archivo)
  const rel = path.relative(manifestDir, abs)
  if (rel.startsWith('..') || path.isAbsolute(rel) || !fs.existsSync(abs))
    return { aviso: 'Esta ficha no tiene vista previa: guárdela y ábrala en el sitio (npm run dev).' }
  const { manifest } = loadManifest(manifestDir)
  const target = targetOf(manifest, abs)
  if (!target) return { aviso: 'Esta ficha no se muestra como una página: la vista previa está en las listas de documentos y en las páginas.' }
  if (!target.ruta) return { aviso: 'Ninguna página muestra todavía esta lista: agréguela a una página con una sección «documentos».' }
  const data = target.kind === 'documents' ? asSaved(withoutBlanks(datos), path.join(repo, 'public')) : withoutBlanks(datos)
  const validate = manifestValidators()[target.kind]
  if (!validate(data)) {
    // The validator's own Spanish sentences, as a save would report them.
    const sentences = relevantErrors(validate.errors ?? []).map(e => translateAjvError(e, data).message)
    return { aviso: `La vista previa se actualiza cuando el formulario esté completo: ${[...new Set(sentences)].join('; ')}.` }
  }
  target.entry.data = data
  resolvePlaceholders(manifest)
  let page: PageData
  try {
    page = buildPageData(manifest, target.ruta)
  } catch (e) {
    return { aviso: `No se pudo preparar la vista previa: ${e instanceof Error ? e.message : String(e)}` }
  }
  // The page's own part, as src/pages/contenido/+Page.tsx renders it inside the layout's <main>.
  const article = createElement(
    'article',
    null,
    createElement('h1', null, page.titulo),
    page.muestra
      ? createElement('p', { className: 'aviso-muestra', role: 'note' }, 'Contenido de muestra: la institución debe reemplazarlo por la información oficial.')
      : null,
    createElement(SectionList, { sections: page.secciones }),
  )
  const html = renderToStaticMarkup(createElement('main', { className: 'container' }, createElement('div', { className: 'cuerpo-pagina' }, article)))
  return { html, ruta: target.ruta }
}

/**
 * The site's style sheets in the order +Layout.tsx imports them (Pico, site, forms, header controls, then
 * each section type's own sheet): the preview looks like the page.
 */
export function previewStyles(root: string): string {
  const files = [
    path.join(root, 'node_modules/@picocss/pico/css/pico.min.css'),
    ...['site.css', 'forms.css', 'interactive.css'].map(f => path.join(root, 'src/renderer/styles', f)),
  ]
  const sections = path.join(root, 'src/renderer/sections')
  for (const d of fs.readdirSync(sections).sort()) {
    const f = path.join(sections, d, 'styles.css')
    if (fs.existsSync(f)) files.push(f)
  }
  return files.map(f => fs.readFileSync(f, 'utf8')).join('\n')
}
