/**
 * The browser editor's (Decap CMS) configuration, derived from the JSON Schemas in `schemas/`: the
 * schemas stay the only description of the content. Each schema property becomes one editor field with
 * the schema's Spanish description as its hint; a list of sections that choose their `tipo` becomes a
 * Decap list with `types` (typeKey `tipo`). The content only supplies which files exist (one editor
 * entry per document list and page) and the keys of the maps keyed by id (site.yaml's `contacto` and
 * `menusLaterales`), which Decap cannot express as free maps.
 */
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { yearInColombia } from '../../src/manifest/colombiaTime.ts'
import { ES_SUPPLEMENT } from './editorLocale.ts'
import { FIELD_ERRORS_SCRIPT } from './editorFieldErrors.ts'
import { identifierOf } from './editorIdentifiers.ts'
import { SITE_ICON } from '../../src/manifest/urls.ts'

type Schema = Record<string, any>
export type Field = Record<string, any>

export interface EditorOptions {
  root: string
  /** decap-server's address for the local-repository backend. */
  localBackendUrl: string
  /** The clock that gives a new document row its year (tests set it); the machine's by default. */
  now?: () => Date
}

function readSchemas(root: string): Record<string, Schema> {
  const dir = path.join(root, 'schemas')
  const out: Record<string, Schema> = {}
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.schema.json')) out[f] = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))
  return out
}

/** Follows `$ref`s (local `#/$defs/x` or `file.schema.json#/$defs/x`), merging the referring node's own keys. */
export function resolveRef(node: Schema, file: string, schemas: Record<string, Schema>): { node: Schema; file: string } {
  let cur = node
  let curFile = file
  while (cur.$ref) {
    const [target, pointer] = String(cur.$ref).split('#')
    const targetFile = target || curFile
    let resolved: any = schemas[targetFile]
    if (!resolved) throw new Error(`Esquema desconocido: ${targetFile}`)
    for (const part of (pointer ?? '').split('/').filter(Boolean)) resolved = resolved[part]
    const { $ref: _ignored, ...own } = cur
    cur = { ...resolved, ...own }
    curFile = targetFile
  }
  return { node: cur, file: curFile }
}

const FILE_PATTERN = /^\^\/assets\//
/** The colour pattern of schemas/site.schema.json ($defs/color). */
const COLOR_PATTERN = '^#[0-9a-fA-F]{6}$'
/** Long Markdown/HTML texts get a multi-line box; the saved value is the same string. */
const LONG_TEXT = new Set(['cuerpo', 'texto', 'contenido', 'respuesta', 'intro', 'introduccion', 'nota', 'descripcion'])

export interface Walk {
  schemas: Record<string, Schema>
  /** Keys of maps keyed by id, by JSON path (e.g. `contacto.telefonos`). */
  mapKeys: Record<string, string[]>
  /** Section lists being expanded: a section list inside a section (acordeon panels) is edited one level deep. */
  expanding?: Set<string>
}

function hint(node: Schema): string | undefined {
  return typeof node.description === 'string' ? node.description : undefined
}

/** One editor field for one schema property. */
export function fieldFor(name: string, raw: Schema, file: string, required: boolean, w: Walk, at: string, depth = 0): Field {
  const { node, file: f } = resolveRef(raw, file, w.schemas)
  // Labels are the schema's Spanish `title` (docs/decisions/staff-tooling.md): «Año», «Categoría», not the key «anio».
  const label = typeof raw.title === 'string' ? raw.title : name
  const base: Field = { name, label, required, hint: hint(raw) ?? hint(node) }
  if (!base.hint) delete base.hint
  if (depth > 8) throw new Error(`Esquema demasiado profundo en ${at}`)
  if (Array.isArray(node.enum)) return { ...base, widget: 'select', options: node.enum.map(String) }
  if (node.const !== undefined) return { ...base, widget: 'hidden', default: node.const }
  if (node.oneOf || node.anyOf) {
    const alts: Schema[] = (node.oneOf ?? node.anyOf).map((a: Schema) => resolveRef(a, f, w.schemas).node)
    // A value that may be written in several forms (e.g. a number or a text): edited as text.
    if (alts.every(a => a.type !== 'object' && a.type !== 'array')) return { ...base, widget: 'string' }
    if (node.type === 'object' || alts.every(a => a.type === 'object')) {
      return { ...base, widget: 'object', fields: mergedObjectFields(alts, f, w, at, depth) }
    }
    // A value that is a text in one row and a link object in the next (table cells): Decap has no
    // widget for that, so the editor keeps it as written (hidden keeps the saved value) and the guide
    // sends staff to the YAML for it.
    return { ...base, widget: 'hidden' }
  }
  const type = Array.isArray(node.type) ? node.type.find((t: string) => t !== 'null') : node.type
  switch (type) {
    case 'string':
      if (typeof node.pattern === 'string' && FILE_PATTERN.test(node.pattern)) {
        return { ...base, widget: 'file', allow_multiple: false, choose_url: false }
      }
      // The hospital's colours (identidad.colores): Decap's colour picker, typing allowed; it writes «#rrggbb».
      if (node.pattern === COLOR_PATTERN) return { ...base, widget: 'color', allowInput: true }
      if (node.format === 'date') {
        return { ...base, widget: 'string', pattern: ['^\\d{4}-\\d{2}-\\d{2}$', 'Escriba la fecha como AAAA-MM-DD, por ejemplo 2025-05-20.'] }
      }
      return { ...base, widget: LONG_TEXT.has(name) ? 'text' : 'string' }
    case 'integer':
    case 'number': {
      const out: Field = { ...base, widget: 'number', value_type: type === 'integer' ? 'int' : 'float' }
      if (typeof node.minimum === 'number') out.min = node.minimum
      if (typeof node.maximum === 'number') out.max = node.maximum
      return out
    }
    case 'boolean': {
      // A toggle shows its state: the schema's «Ejemplo: true» (written for the YAML) means nothing on a switch.
      const out: Field = { ...base, widget: 'boolean', required: false }
      const help = typeof out.hint === 'string' ? out.hint.replace(/\s*Ejemplo: (true|false)\.?/g, '').trim() : undefined
      if (help) out.hint = help
      else delete out.hint
      return out
    }
    case 'array': {
      const items = resolveRef(node.items ?? {}, f, w.schemas)
      if (items.node.discriminator || (items.node.oneOf && items.node.oneOf.length > 1 && itemsAreTyped(items.node, items.file, w))) {
        const key = `${items.file}#${String(node.items?.$ref ?? at)}`
        w.expanding ??= new Set()
        // Sections nested inside a section's panels: Decap would need an endless form; the inner list
        // is kept as written (hidden keeps its value) and edited in the YAML.
        if (w.expanding.has(key)) return { ...base, widget: 'hidden' }
        w.expanding.add(key)
        try {
          return {
            ...base,
            widget: 'list',
            typeKey: items.node.discriminator?.propertyName ?? 'tipo',
            types: typesFor(items.node, items.file, w, `${at}[]`, depth),
          }
        } finally {
          w.expanding.delete(key)
        }
      }
      if (items.node.type === 'object' || items.node.properties) {
        const key = `${items.file}#${String(node.items?.$ref ?? at)}`
        w.expanding ??= new Set()
        // A list of the same items inside an item (sub-menus): one level in the form, deeper kept as written.
        if (node.items?.$ref && w.expanding.has(key)) return { ...base, widget: 'hidden' }
        w.expanding.add(key)
        try {
          return { ...base, widget: 'list', fields: objectFields(items.node, items.file, w, `${at}[]`, depth + 1) }
        } finally {
          w.expanding.delete(key)
        }
      }
      return { ...base, widget: 'list', field: fieldFor('valor', node.items ?? {}, f, true, w, `${at}[]`, depth + 1) }
    }
    default:
      if (node.properties || node.type === 'object') return { ...base, widget: 'object', fields: objectFields(node, f, w, at, depth + 1) }
      throw new Error(`No sé editar ${at}`)
  }
}

function itemsAreTyped(node: Schema, file: string, w: Walk): boolean {
  return (node.oneOf as Schema[]).every(a => resolveRef(a, file, w.schemas).node.properties?.tipo?.const !== undefined)
}

function typesFor(node: Schema, file: string, w: Walk, at: string, depth: number): Field[] {
  return (node.oneOf as Schema[]).map(alt => {
    const r = resolveRef(alt, file, w.schemas)
    const tipo = r.node.properties?.tipo?.const
    if (tipo === undefined) throw new Error(`Una sección de ${at} no tiene «tipo» constante`)
    const fields = objectFields(r.node, r.file, w, `${at}<${tipo}>`, depth + 1).filter(fl => fl.name !== 'tipo')
    // Decap wants at least one field; a section with nothing but its «tipo» shows that one, fixed.
    if (fields.length === 0) fields.push({ name: 'tipo', label: 'tipo', widget: 'hidden', default: tipo })
    const out: Field = { name: String(tipo), label: String(tipo), widget: 'object', fields }
    if (r.node.description) out.hint = r.node.description
    return out
  })
}

/** The fields of an object; a map keyed by id (additionalProperties only) gets one object field per known key. */
export function objectFields(node: Schema, file: string, w: Walk, at: string, depth: number): Field[] {
  const required = new Set<string>(node.required ?? [])
  const props: Record<string, Schema> = node.properties ?? {}
  const fields = Object.entries(props).map(([k, v]) => fieldFor(k, v, file, required.has(k), w, at ? `${at}.${k}` : k, depth))
  if (!node.properties && node.additionalProperties && typeof node.additionalProperties === 'object') {
    const keys = w.mapKeys[at] ?? []
    for (const key of keys) fields.push(fieldFor(key, node.additionalProperties, file, false, w, `${at}.*`, depth))
    if (keys.length === 0) throw new Error(`El mapa ${at} no tiene claves conocidas para el editor`)
  }
  return fields
}

function mergedObjectFields(alts: Schema[], file: string, w: Walk, at: string, depth: number): Field[] {
  const seen = new Map<string, Field>()
  for (const a of alts) for (const fl of objectFields(a, file, w, at, depth + 1)) if (!seen.has(fl.name)) seen.set(fl.name, { ...fl, required: false })
  return [...seen.values()]
}

function listYaml(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...listYaml(p))
    else if (/\.ya?ml$/.test(e.name)) out.push(p)
  }
  return out
}

const posix = (p: string) => p.split(path.sep).join('/')

/** `/assets/<área>/<tema>/` of a document list, read from its rows' files (most common folder above the year). */
export function assetFolderOf(rows: Array<{ archivo?: string }>, id: string): string {
  const counts = new Map<string, number>()
  for (const r of rows) {
    const m = r.archivo?.match(/^\/assets\/([^/]+\/[^/]+)\//)
    if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1)
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  return best ?? `documentos/${id}`
}

/** «Agregar fila», «Agregar sección»: Decap's list button names one item. */
const SINGULAR: Record<string, string> = {
  filas: 'fila',
  secciones: 'sección',
  enlaces: 'enlace',
  preguntas: 'pregunta',
  diapositivas: 'diapositiva',
  items: 'elemento',
  paneles: 'panel',
  mosaicos: 'mosaico',
  personas: 'persona',
  hijos: 'submenú',
  columnas: 'columna',
  barraSuperior: 'enlace',
  redes: 'red social',
  idiomas: 'idioma',
  politicas: 'política',
  derechos: 'derecho',
  telefonos: 'teléfono',
  correos: 'correo',
  subtitulos: 'subtítulo',
  datos: 'dato',
  menu: 'opción del menú',
}

/** Adds the singular label to every list field, recursively. */
function withSingulars(fields: Field[]): Field[] {
  return fields.map(f => {
    const out: Field = { ...f }
    if (out.widget === 'list' && SINGULAR[out.name]) out.label_singular = SINGULAR[out.name]
    if (Array.isArray(out.fields)) out.fields = withSingulars(out.fields)
    if (Array.isArray(out.types)) out.types = withSingulars(out.types)
    return out
  })
}

/**
 * A document list's form follows `docs:add` (docs/decisions/staff-tooling.md): a new row is added at the top (the lists run
 * newest first), starts with the current year, and its file is required — unless the list already has rows
 * that link an address instead of a file (`url`), which the form must still save.
 */
/** A new row starts with the year in Colombia (a staff PC set to another zone would offer the wrong one on 31 December). */
export function documentListFields(
  docFields: Field[],
  rows: Array<{ archivo?: string; url?: string; categoria?: unknown }>,
  year = yearInColombia(new Date()),
): Field[] {
  const fileRequired = rows.every(r => r.archivo !== undefined || r.url === undefined)
  // A typo in a category hides the row on a page that shows the list by category: the list's own categories are
  // offered, never typed (a new one is added in the YAML, guía del personal).
  const categories = [...new Set(rows.map(r => r.categoria).filter((c): c is string => typeof c === 'string' && c !== ''))].sort((a, b) =>
    a.localeCompare(b, 'es'),
  )
  const row = (c: Field): Field => {
    if (c.name === 'anio') return { ...c, default: year }
    if (c.name === 'archivo') return { ...c, required: fileRequired }
    if (c.name === 'categoria' && categories.length > 0) return { ...c, widget: 'select', options: categories }
    return c
  }
  return docFields.map(f => {
    if (f.name !== 'filas') return f
    return {
      ...f,
      add_to_top: true,
      collapsed: true,
      summary: '{{fields.anio}} · {{fields.titulo}}',
      fields: (f.fields as Field[]).map(row),
    }
  })
}

/**
 * The field holding the identifier of the manifests of `folder` (editorIdentifiers.ts) becomes the `identificador`
 * widget: typed when the item is created, read-only with its reason (`reason`) afterwards.
 */
export function fixedIdentifier(fields: Field[], folder: string): Field[] {
  const id = identifierOf(`${folder}/x.yaml`)
  return fields.map(f => (id && f.name === id.key ? { ...f, widget: 'identificador', reason: id.reason } : f))
}

/**
 * The `identificador` widget (editor-es.js): a text box while the entry is new (Decap's `newRecord`), read-only
 * afterwards, described by the field's \`reason\` sentence. Decap has no read-only option of its own.
 */
const IDENTIFIER_WIDGET = `var Identificador = createClass({
    render: function () {
      var p = this.props
      var fixed = !(p.entry && p.entry.get && p.entry.get('newRecord'))
      var why = p.forID + '-reason'
      return h('div', null,
        h('input', {
          type: 'text', id: p.forID, className: p.classNameWrapper, value: p.value || '', readOnly: fixed,
          'aria-describedby': fixed ? why : undefined,
          style: fixed ? { background: '#eff0f4', color: '#313d3e', cursor: 'default' } : undefined,
          onChange: function (e) { p.onChange(e.target.value) },
          onFocus: p.setActiveStyle, onBlur: p.setInactiveStyle,
        }),
        fixed ? h('p', { id: why, className: 'identificador-razon', style: { margin: '6px 0 0', fontSize: '14px', color: '#313d3e' } }, p.field.get('reason')) : null)
    },
  })
  CMS.registerWidget('identificador', Identificador, CMS.getWidget('string').preview, { properties: { reason: { type: 'string' } } })`

/** Keys of the maps keyed by id, read from site.yaml (the schema allows any id; the editor shows the existing ones). */
function siteMapKeys(root: string): Record<string, string[]> {
  const site = YAML.parse(fs.readFileSync(path.join(root, 'manifest/site.yaml'), 'utf8')) ?? {}
  const c = site.contacto ?? {}
  return {
    menusLaterales: Object.keys(site.menusLaterales ?? {}),
    'contacto.telefonos': Object.keys(c.telefonos ?? {}),
    'contacto.correos': Object.keys(c.correos ?? {}),
    'contacto.direcciones': Object.keys(c.direcciones ?? {}),
    'contacto.horarios': Object.keys(c.horarios ?? {}),
  }
}

export function schemaFields(schemaFile: string, w: Walk): Field[] {
  const s = w.schemas[schemaFile]
  if (!s) throw new Error(`Falta el esquema ${schemaFile}`)
  return objectFields(s, schemaFile, w, '', 0)
}

export function editorConfig(opts: EditorOptions): Record<string, unknown> {
  const { root } = opts
  const schemas = readSchemas(root)
  const w: Walk = { schemas, mapKeys: siteMapKeys(root) }
  const docFields = withSingulars(schemaFields('documents.schema.json', w))
  const pageFields = withSingulars(schemaFields('page.schema.json', w))
  const documentFiles = listYaml(path.join(root, 'manifest/documents')).map(file => {
    const data = YAML.parse(fs.readFileSync(file, 'utf8')) ?? {}
    const id = String(data.id ?? path.basename(file).replace(/\.ya?ml$/, ''))
    // Uploads land in public/assets/<área>/<tema>/ of the list (Decap cannot name a folder after a
    // row's «anio»; the year folder: docs/decisions/staff-tooling.md).
    const folder = assetFolderOf(data.filas ?? [], id)
    return {
      name: id,
      label: String(data.titulo ?? id),
      file: posix(path.relative(root, file)),
      media_folder: `/public/assets/${folder}`,
      public_folder: `/assets/${folder}`,
      fields: fixedIdentifier(documentListFields(docFields, data.filas ?? [], yearInColombia((opts.now ?? (() => new Date()))())), 'manifest/documents'),
    }
  })
  const pageFiles = listYaml(path.join(root, 'manifest/pages')).map(file => {
    const data = YAML.parse(fs.readFileSync(file, 'utf8')) ?? {}
    const rel = posix(path.relative(path.join(root, 'manifest/pages'), file)).replace(/\.ya?ml$/, '')
    return {
      name: rel.replace(/[^a-z0-9]+/gi, '-'),
      label: `${data.ruta ?? rel} · ${data.titulo ?? ''}`.trim(),
      file: posix(path.relative(root, file)),
      fields: fixedIdentifier(pageFields, 'manifest/pages'),
    }
  })
  return {
    // The server's Git host is chosen in the guide (github, gitlab or gitea); on a staff PC the local
    // backend (decap-server) reads and writes the working copy and this entry is not used.
    backend: { name: 'git-gateway', branch: 'main' },
    local_backend: { url: opts.localBackendUrl, allowed_hosts: ['127.0.0.1', 'localhost'] },
    locale: 'es',
    media_folder: 'public/assets',
    public_folder: '/assets',
    site_url: '/',
    // In alphabetical order of what staff read (the collections, and the lists and pages inside them).
    collections: byLabel([
      { name: 'documentos', label: 'Listas de documentos', files: byLabel(documentFiles) },
      {
        name: 'noticias',
        label: 'Noticias',
        folder: 'manifest/news',
        extension: 'yaml',
        format: 'yaml',
        create: true,
        // The editor never deletes a manifest file (docs/decisions/staff-tooling.md): the page server refuses it, so no button offers it.
        delete: false,
        identifier_field: 'id',
        slug: '{{fields.id}}',
        media_folder: '/public/assets/noticias',
        public_folder: '/assets/noticias',
        fields: fixedIdentifier(withSingulars(schemaFields('news.schema.json', w)), 'manifest/news'),
      },
      {
        name: 'sitio',
        label: 'Datos del sitio y contacto',
        files: [{ name: 'site', label: 'Datos del sitio (site.yaml)', file: 'manifest/site.yaml', fields: withSingulars(schemaFields('site.schema.json', w)) }],
      },
      { name: 'paginas', label: 'Páginas', files: byLabel(pageFiles) },
    ]),
  }
}

const byLabel = <T extends { label: string }>(items: T[]): T[] => [...items].sort((a, b) => a.label.localeCompare(b.label, 'es'))

/** The editor's files: config.yml (generated) and its scripts; decap-cms.js is served from node_modules. */
export function writeEditorFiles(outDir: string, opts: EditorOptions): string {
  fs.mkdirSync(outDir, { recursive: true })
  const config = editorConfig(opts)
  fs.writeFileSync(
    path.join(outDir, 'config.yml'),
    `# Generado por npm run editor desde schemas/: no lo edite a mano.\n${YAML.stringify(config, { lineWidth: 0 })}`,
  )
  // For publishing /admin on a Git host (the guide); `npm run editor` serves its own page with the session's secret.
  fs.writeFileSync(path.join(outDir, 'index.html'), editorIndexHtml())
  fs.writeFileSync(path.join(outDir, 'avisos.js'), FIELD_ERRORS_SCRIPT + NOTICE_SCRIPT)
  const collections = config.collections as Array<{ name: string; files?: Array<{ name: string }> }>
  // The preview shows a page: document lists and pages (news and site data keep Decap's field list).
  const previewed = collections.filter(c => c.name === 'documentos' || c.name === 'paginas').flatMap(c => (c.files ?? []).map(f => f.name))
  fs.writeFileSync(path.join(outDir, 'editor-es.js'), startScript(previewed))
  return outDir
}

/**
 * Runs after the CMS bundle, which does not start by itself (`CMS_MANUAL_INIT`, set in avisos.js): Decap's
 * Spanish phrases completed with ES_SUPPLEMENT, the failed-save notice without «API_ERROR:» (the red box
 * of avisos.js says what the validator found), the preview pane of each page and document list (the page
 * rendered by the site's own components, from the form's unsaved data, with the site's style sheets:
 * editorPreview.ts), then the CMS starts.
 */
function startScript(previewed: string[]): string {
  return `'use strict'
;(function () {
  function merge(a, b) {
    var out = {}
    Object.keys(a || {}).forEach(function (k) { out[k] = a[k] })
    Object.keys(b).forEach(function (k) { out[k] = b[k] && typeof b[k] === 'object' ? merge(out[k], b[k]) : b[k] })
    return out
  }
  var extra = ${JSON.stringify(ES_SUPPLEMENT)}
  extra.ui.toast.onFailToPersist = 'No se guardó el cambio: vea el mensaje junto a la casilla marcada y el recuadro rojo de abajo.'
  extra.ui.toast.onFailToPersistMedia = 'No se guardó el archivo: lea el recuadro rojo de abajo.'
  extra.ui.toast.onFailToDelete = 'No se borró: lea el recuadro rojo de abajo.'
  extra.ui.toast.onFailToDeleteMedia = 'No se borró el archivo: lea el recuadro rojo de abajo.'
  CMS.registerLocale('es', merge(CMS.getLocale('es'), extra))
  CMS.registerPreviewStyle('/admin/vista-previa.css')
  var meta = document.querySelector('meta[name="editor-token"]')
  var token = meta ? meta.getAttribute('content') : ''
  var Page = createClass({
    getInitialState: function () { return { html: '', aviso: 'Preparando la vista previa…' } },
    componentDidMount: function () {
      // The site's palette is keyed to data-theme="light" on <html>, as every page of the site has it.
      var d = this.props.document
      if (d && d.documentElement) { d.documentElement.setAttribute('data-theme', 'light'); d.documentElement.lang = 'es' }
      this.ask(0)
    },
    componentDidUpdate: function (before) { if (before.entry !== this.props.entry) this.ask(400) },
    componentWillUnmount: function () { clearTimeout(this.timer); this.gone = true },
    // One request after the clerk stops typing; an older answer never replaces a newer one.
    ask: function (wait) {
      var self = this
      clearTimeout(this.timer)
      this.timer = setTimeout(function () {
        var n = (self.asked = (self.asked || 0) + 1)
        var entry = self.props.entry
        fetch('/api/vista-previa', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Editor-Token': token },
          body: JSON.stringify({ archivo: entry.get('path'), datos: entry.get('data').toJS() }),
        })
          .then(function (r) { return r.json() })
          .then(function (j) {
            if (self.gone || n !== self.asked) return
            self.setState(j.html ? { html: j.html, aviso: '' } : { aviso: j.aviso || j.error || 'Sin vista previa.' })
          }, function () { if (!self.gone) self.setState({ aviso: 'No se pudo preparar la vista previa: ¿sigue abierto npm run editor?' }) })
      }, wait)
    },
    render: function () {
      return h('div', { className: 'vista-previa-sitio' },
        this.state.aviso ? h('p', { role: 'status', className: 'aviso-vista-previa' }, this.state.aviso) : null,
        h('div', { dangerouslySetInnerHTML: { __html: this.state.html } }))
    },
  })
  ;${JSON.stringify(previewed)}.forEach(function (name) { CMS.registerPreviewTemplate(name, Page) })
  ${IDENTIFIER_WIDGET}
  CMS.init()
})()
`
}

/**
 * The editor's page. It carries the per-start secret (docs/decisions/staff-tooling.md) in a meta element: an HTML page cannot
 * be read by another site (same-origin policy, Host checked against DNS rebinding), while a script could
 * be loaded and run by any page, so the secret is never put in a script.
 */
export function editorIndexHtml(token?: string): string {
  if (token !== undefined && !/^[0-9a-f]+$/.test(token)) throw new Error('clave no válida')
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${token ? `<meta name="editor-token" content="${token}">\n` : ''}<title>Editor de contenido</title>
<link rel="icon" href="${SITE_ICON}" type="image/svg+xml">
<link href="/admin/config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="/admin/avisos.js"></script>
<script src="/admin/decap-cms.js"></script>
<script src="/admin/editor-es.js"></script>
</body>
</html>
`
}

/**
 * Every call of the CMS to its backend (`/api/v1` of this page's origin) carries the page's secret in the
 * `X-Editor-Token` header; Decap's proxy backend has no option for headers, so `fetch` is wrapped before
 * the CMS bundle loads.
 * A refused save (422 from the page server, with the validator's problems) stays on screen until closed:
 * Decap's own notice disappears after 8 seconds, too soon to copy a file:line:col message.
 */
const NOTICE_SCRIPT = `'use strict'
window.CMS_MANUAL_INIT = true
;(function () {
  var box
  function close() { if (box) { box.remove(); box = undefined } }
  function show(title, sentences) {
    close()
    box = document.createElement('div')
    box.setAttribute('role', 'alert')
    box.id = 'avisos-validador'
    box.style.cssText = 'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:100000;background:#fff4f4;color:#5a0000;border:2px solid #b00020;border-radius:6px;padding:1rem;font:16px/1.4 system-ui,sans-serif;max-height:40vh;overflow:auto;box-shadow:0 4px 16px rgba(0,0,0,.25)'
    var h = document.createElement('h2')
    h.textContent = title
    h.style.cssText = 'font-size:1.05rem;margin:0 0 .5rem'
    box.appendChild(h)
    var ul = document.createElement('ul')
    ul.style.cssText = 'margin:0 0 .75rem;padding-left:1.25rem'
    sentences.forEach(function (text) {
      var li = document.createElement('li')
      li.textContent = text
      ul.appendChild(li)
    })
    box.appendChild(ul)
    var b = document.createElement('button')
    b.type = 'button'
    b.textContent = 'Cerrar'
    b.addEventListener('click', close)
    box.appendChild(b)
    document.body.appendChild(box)
  }
  // Uploads are renamed and moved to the year's folder, as npm run docs:add does: say where they went.
  function placed(moves) {
    var old = document.getElementById('avisos-editor-archivos')
    if (old) old.remove()
    var div = document.createElement('div')
    div.setAttribute('role', 'status')
    div.id = 'avisos-editor-archivos'
    div.style.cssText = 'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:99999;background:#f1faf1;color:#0b3d0b;border:2px solid #2e7d32;border-radius:6px;padding:1rem;font:16px/1.4 system-ui,sans-serif'
    var p = document.createElement('p')
    p.style.margin = '0 0 .5rem'
    p.textContent = 'Guardado. ' + moves.map(function (m) { return 'El archivo quedó como ' + m.to }).join('; ') + ' (nombre sin tildes ni espacios, en la carpeta del año, como npm run docs:add).'
    div.appendChild(p)
    var b = document.createElement('button')
    b.type = 'button'
    b.textContent = 'Cerrar'
    b.addEventListener('click', function () { div.remove() })
    div.appendChild(b)
    document.body.appendChild(div)
  }
  // The validator's sentence about the field the form shows, without the file:line:column the form hides.
  function sentence(p) { return (p.campo ? p.campo + ': ' : '') + p.mensaje }
  var original = window.fetch
  var meta = document.querySelector('meta[name="editor-token"]')
  var token = meta ? meta.getAttribute('content') : ''
  var api = new URL('/api/v1', location.href).href
  window.fetch = function (input, init) {
    var saving = init && typeof init.body === 'string' && init.body.indexOf('"persistEntry"') >= 0
    var url = typeof input === 'string' ? input : input && input.url
    var args = arguments
    if (url && new URL(url, location.href).href === api) {
      init = Object.assign({}, init)
      var headers = new Headers(init.headers || (typeof input === 'object' && input.headers) || undefined)
      headers.set('X-Editor-Token', token)
      init.headers = headers
      args = [input, init]
    }
    return original.apply(this, args).then(function (r) {
      if (saving && r.ok) {
        close()
        window.editorErroresCampo.clear()
        r.clone().json().then(function (j) { if (j && j.renombrados && j.renombrados.length) placed(j.renombrados) }, function () {})
      }
      if (!r.ok && url && new URL(url, location.href).href === api) {
        r.clone().json().then(function (j) {
          if (j && j.problemas && j.problemas.length) {
            var atField = window.editorErroresCampo.show(j.problemas)
            show('No se guardó el cambio: se encontraron ' + j.problemas.length + ' error(es). El archivo quedó como estaba; corrija ' + (atField ? 'las casillas marcadas en rojo' : 'el formulario') + ' y vuelva a publicar.', j.problemas.map(sentence))
          }
          else if (j && j.error) show('El editor no hizo el cambio.', [j.error])
        }, function () {})
      }
      return r
    })
  }
})()
`
