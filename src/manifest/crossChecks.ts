import fs from 'node:fs'
import path from 'node:path'
import { isScalar, Scalar } from 'yaml'
import type { Manifest, Sourced } from './load.ts'
import { contactChecks } from './contactChecks.ts'
import { publicDir } from './paths.ts'
import type { Problem } from './problem.ts'
import { positionOf, problemAt, type JsonPath, type YamlSource } from './yamlSource.ts'
import type { Fila, PageManifest, SeccionDocumentos } from './types.generated.ts'
import { panelsFor, sectionRows as sectionRowsOf } from '../renderer/documentPanels.ts'

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

function* walk(value: unknown, p: JsonPath): Generator<{ key: string | number; value: unknown; path: JsonPath }> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      yield { key: i, value: value[i], path: [...p, i] }
      yield* walk(value[i], [...p, i])
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield { key: k, value: v, path: [...p, k] }
      yield* walk(v, [...p, k])
    }
  }
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

function linkProblem(link: FoundLink, message: string, level: Problem['level'] = 'error'): Problem {
  const base = problemAt(link.source, link.path, message, level)
  if (link.lineInText === undefined) return base
  const node = link.source.doc.getIn(link.path, true)
  const isBlock = isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)
  if (!isBlock) return base
  const { line } = positionOf(link.source, link.path)
  const lineNo = line + 1 + link.lineInText
  const col = (link.source.text.split('\n')[lineNo - 1] ?? '').indexOf(link.url) + 1
  return { ...base, line: lineNo, col: col > 0 ? col : base.col }
}

export function isLocalAsset(url: string): boolean {
  return url.startsWith('/assets/')
}

export function isInternalRoute(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !isLocalAsset(url)
}

export function routeOf(url: string): string {
  const clean = url.split(/[?#]/)[0]!
  return clean.length > 1 ? clean.replace(/\/$/, '') : clean
}

function allSourced(m: Manifest): Sourced<unknown>[] {
  return [...(m.site ? [m.site] : []), ...m.pages, ...m.documents, ...m.news, ...m.forms]
}

/** Checks that need more than one file: routes, links, assets, document rows, panels. */
export function crossCheck(m: Manifest, extraRoutes: string[] = []): Problem[] {
  const problems: Problem[] = []
  const routes = new Map<string, Sourced<PageManifest>>()
  for (const page of m.pages) {
    const other = routes.get(page.data.ruta)
    if (other) problems.push(problemAt(page.source, ['ruta'], `la ruta «${page.data.ruta}» ya está definida en ${other.source.display}`))
    else routes.set(page.data.ruta, page)
  }
  const known = new Set([...routes.keys(), ...m.declared.routes, ...extraRoutes])
  const sideMenus = m.site?.data.menusLaterales ?? {}
  const documents = new Map(m.documents.map((d) => [d.data.id, d]))
  const forms = new Set(m.forms.map((f) => f.data.id))

  const firstById = new Map<string, Sourced<unknown>>()
  for (const d of m.documents) {
    const other = firstById.get(d.data.id)
    if (other) problems.push(problemAt(d.source, ['id'], `el identificador «${d.data.id}» ya se usa en ${other.source.display}`))
    else firstById.set(d.data.id, d)
  }

  for (const page of m.pages) {
    const { data } = page
    if (m.site && data.menuLateral && !sideMenus[data.menuLateral]) {
      problems.push(problemAt(page.source, ['menuLateral'], `el menú lateral «${data.menuLateral}» no existe en manifest/site.yaml`))
    }
    if (data.redirigirA && data.secciones?.length) problems.push(problemAt(page.source, ['redirigirA'], 'una página de redirección no puede tener «secciones»'))
    if (!data.redirigirA && !data.secciones) problems.push(problemAt(page.source, [], 'la página necesita «secciones» o «redirigirA»'))
    for (const { key, value, path: p } of walk(data, [])) {
      if (key === 'fuente' && typeof value === 'string') {
        if (m.declared.documentIds.has(value)) continue
        if (!documents.has(value)) problems.push(problemAt(page.source, p, `la lista de documentos «${value}» no existe en manifest/documents/`))
        else {
          const sectionData = pick(data, p.slice(0, -1)) as SeccionDocumentos
          problems.push(...checkDocumentSection(page, p.slice(0, -1), sectionData, documents.get(value)!.data.filas))
        }
      }
      if (key === 'formulario' && typeof value === 'string' && !forms.has(value) && !m.declared.formIds.has(value)) {
        problems.push(problemAt(page.source, p, `el formulario «${value}» no existe en manifest/forms/`))
      }
      if (key === 'tipo' && value === 'evaluacion') {
        problems.push(...checkQuizKey(page, p.slice(0, -1), m))
      }
      if (key === 'tipo' && value === 'acordeon') {
        const acc = pick(data, p.slice(0, -1)) as { abierto?: string | number; paneles: { id: string }[] }
        const ids = acc.paneles.map((x) => x.id)
        const dup = ids.find((id, i) => ids.indexOf(id) !== i)
        if (dup) problems.push(problemAt(page.source, [...p.slice(0, -1), 'paneles'], `el panel «${dup}» está repetido`))
        if (acc.abierto !== undefined && acc.abierto !== 'primero' && acc.abierto !== 'ninguno' && !ids.includes(String(acc.abierto))) {
          problems.push(problemAt(page.source, [...p.slice(0, -1), 'abierto'], `el panel «${acc.abierto}» no existe en este acordeón (paneles: ${ids.join(', ')})`))
        }
      }
    }
  }

  for (const form of m.forms) {
    form.data.campos.forEach((c, i) => {
      if (c.lista && !m.lookups?.data.listas[c.lista]) problems.push(problemAt(form.source, ['campos', i, 'lista'], `la lista «${c.lista}» no existe en manifest/forms/lookups.yaml`))
      if ((c.control === 'select' || c.control === 'radio') && !c.lista && !c.opciones) problems.push(problemAt(form.source, ['campos', i], `el campo «${c.nombre}» necesita «lista» u «opciones»`))
    })
    problems.push(...checkTerms(form, m))
  }

  for (const d of m.documents) problems.push(...checkRows(d))
  problems.push(...rowsShownNowhere(m))

  const linked = new Set<string>()
  for (const item of allSourced(m)) {
    for (const link of collectLinks(item)) {
      if (isLocalAsset(link.url)) {
        const rel = decodeURI(routeOf(link.url))
        linked.add(rel)
        const file = path.join(publicDir(), rel)
        if (!file.startsWith(path.join(publicDir(), 'assets')) || !fs.existsSync(file)) {
          problems.push(linkProblem(link, `el archivo «${link.url}» no existe en public${rel}`))
        }
      } else if (isInternalRoute(link.url) && !known.has(routeOf(link.url))) {
        problems.push(linkProblem(link, `el enlace «${link.url}» apunta a una página que no existe`))
      }
    }
  }
  problems.push(...unusedAssets(linked))
  problems.push(...contactChecks(m))
  return problems
}

/** A form's terms name a list field of the form, and each `porTipo` entry a value of that list. */
function checkTerms(form: Manifest['forms'][number], m: Manifest): Problem[] {
  const terms = form.data.terminos
  if (!terms) return []
  const problems: Problem[] = []
  if (terms.porTipo?.length && !terms.campoTipo) problems.push(problemAt(form.source, ['terminos', 'porTipo'], '«porTipo» necesita «campoTipo»: el campo que dice el tipo de solicitud'))
  if (!terms.campoTipo) return problems
  const field = form.data.campos.find((c) => c.nombre === terms.campoTipo)
  if (!field || !field.lista) {
    problems.push(problemAt(form.source, ['terminos', 'campoTipo'], `«${terms.campoTipo}» no es un campo de lista de este formulario`))
    return problems
  }
  const ids = new Set((m.lookups?.data.listas[field.lista] ?? []).map((o) => o.id))
  const seen = new Set<number>()
  terms.porTipo?.forEach((t, i) => {
    if (!ids.has(t.tipo)) problems.push(problemAt(form.source, ['terminos', 'porTipo', i, 'tipo'], `el tipo ${t.tipo} no existe en la lista «${field.lista}»`))
    if (seen.has(t.tipo)) problems.push(problemAt(form.source, ['terminos', 'porTipo', i, 'tipo'], `el tipo ${t.tipo} está repetido`))
    seen.add(t.tipo)
  })
  return problems
}

function pick(data: unknown, p: JsonPath): unknown {
  let cur = data
  for (const s of p) cur = (cur as Record<string | number, unknown>)[s]
  return cur
}

/** The answer key must give one offered option per question, or the quiz could never be passed. */
function checkQuizKey(page: Sourced<PageManifest>, p: JsonPath, m: Manifest): Problem[] {
  const section = pick(page.data, p) as { formulario: string; clave: string[] }
  const form = m.forms.find((f) => f.data.id === section.formulario)?.data
  if (!form) return []
  const questions = form.campos.filter((c) => /^pregunta\d+$/.test(c.nombre))
  const problems: Problem[] = []
  if (section.clave.length !== questions.length) {
    problems.push(problemAt(page.source, [...p, 'clave'], `la clave tiene ${section.clave.length} respuesta(s) y el formulario «${form.id}» tiene ${questions.length} pregunta(s)`))
  }
  section.clave.forEach((answer, i) => {
    const q = form.campos.find((c) => c.nombre === `pregunta${i + 1}`)
    if (q && !(q.opciones ?? []).some((o) => o.valor === answer)) {
      problems.push(problemAt(page.source, [...p, 'clave', i], `la respuesta «${answer}» no es una opción de la pregunta ${i + 1}`))
    }
  })
  return problems
}

function rowKey(r: Fila): string {
  return [r.anio, r.categoria ?? '', r.periodo ?? '', r.titulo.trim().toLowerCase()].join('|')
}

function checkRows(d: Sourced<{ filas: Fila[] }>): Problem[] {
  const problems: Problem[] = []
  const seen = new Map<string, number>()
  const files = new Map<string, number>()
  d.data.filas.forEach((row, i) => {
    const key = rowKey(row)
    const prev = seen.get(key)
    if (prev !== undefined) {
      const line = positionOf(d.source, ['filas', prev]).line
      problems.push(problemAt(d.source, ['filas', i], `fila repetida: «${row.titulo}» (${row.anio}) ya aparece en la línea ${line}`))
    } else seen.set(key, i)
    if (row.archivo) {
      const prevFile = files.get(row.archivo)
      if (prevFile !== undefined) {
        const line = positionOf(d.source, ['filas', prevFile]).line
        problems.push(problemAt(d.source, ['filas', i, 'archivo'], `el archivo «${row.archivo}» ya está en la fila de la línea ${line}`))
      } else files.set(row.archivo, i)
    }
    if (!row.archivo && !row.url) problems.push(problemAt(d.source, ['filas', i], `la fila «${row.titulo}» necesita «archivo» o «url»`))
    if (row.archivo && row.url) problems.push(problemAt(d.source, ['filas', i, 'url'], `la fila «${row.titulo}» tiene «archivo» y «url»: deje solo uno`))
    if (row.fecha && Number(row.fecha.slice(0, 4)) < row.anio - 1) {
      problems.push(problemAt(d.source, ['filas', i, 'fecha'], `la fecha «${row.fecha}» es imposible para un documento del año ${row.anio}`))
    }
  })
  return problems
}

function checkDocumentSection(page: Sourced<PageManifest>, p: JsonPath, section: SeccionDocumentos, rows: Fila[]): Problem[] {
  const problems: Problem[] = []
  section.paneles?.forEach((panel, i) => {
    if (panel.desde > panel.hasta) problems.push(problemAt(page.source, [...p, 'paneles', i], `el rango de años ${panel.desde}–${panel.hasta} es imposible: «desde» debe ser menor o igual que «hasta»`))
  })
  const panels = panelsFor(section, rows)
  for (const panel of panels) {
    if (panel.rows.length === 0) {
      const idx = section.paneles?.findIndex((x) => x.id === panel.id) ?? -1
      problems.push(problemAt(page.source, idx >= 0 ? [...p, 'paneles', idx] : p, `el panel «${panel.title}» está vacío: no hay documentos de esos años en «${section.fuente}»`))
    }
  }
  if (section.abierto !== undefined && section.abierto !== 'primero' && section.abierto !== 'ninguno') {
    if (!panels.some((x) => x.id === String(section.abierto))) {
      problems.push(problemAt(page.source, [...p, 'abierto'], `el panel «${section.abierto}» no existe (paneles: ${panels.map((x) => x.id).join(', ')})`))
    }
  }
  if (section.vista !== 'tabla' && section.vista !== 'lista' && panels.length === 0) {
    problems.push(problemAt(page.source, p, `la lista «${section.fuente}» no tiene documentos${section.categoria ? ` de la categoría «${section.categoria}»` : ''}`))
  }
  return problems
}

/**
 * A row that no documents section displays (its year is outside every panel,
 * or its category is filtered out everywhere) would be published and never
 * seen: typical when staff add a new year to a page with year-range panels.
 */
function rowsShownNowhere(m: Manifest): Problem[] {
  const shown = new Map<string, Set<Fila>>()
  const used = new Set<string>()
  for (const page of m.pages) {
    for (const { key, value, path: p } of walk(page.data, [])) {
      if (key !== 'fuente' || typeof value !== 'string') continue
      const list = m.documents.find((d) => d.data.id === value)
      if (!list) continue
      used.add(value)
      const section = pick(page.data, p.slice(0, -1)) as SeccionDocumentos
      const set = shown.get(value) ?? new Set<Fila>()
      const visible = section.vista === 'tabla' || section.vista === 'lista' || !section.paneles ? sectionRowsOf(section, list.data.filas) : panelsFor(section, list.data.filas).flatMap((x) => x.rows)
      for (const r of visible) set.add(r)
      shown.set(value, set)
    }
  }
  const problems: Problem[] = []
  for (const d of m.documents) {
    if (!used.has(d.data.id)) {
      problems.push(problemAt(d.source, ['id'], `ninguna página muestra la lista «${d.data.id}»: agregue una sección «documentos» con «fuente: ${d.data.id}»`, 'aviso'))
      continue
    }
    const set = shown.get(d.data.id)!
    d.data.filas.forEach((row, i) => {
      if (!set.has(row)) problems.push(problemAt(d.source, ['filas', i], `la fila «${row.titulo}» (${row.anio}) no aparece en ninguna página: ningún panel incluye ese año o esa categoría`))
    })
  }
  return problems
}

function unusedAssets(linked: Set<string>): Problem[] {
  const root = path.join(publicDir(), 'assets')
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
  visit(root)
  return out
}
