import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { editorConfig, type Field, resolveRef } from '../../scripts/lib/editorConfig.ts'
import { editorCsp } from '../../scripts/lib/editorServer.ts'

/**
 * The browser editor's configuration is generated from schemas/: every property of the schemas the editor
 * covers (document lists, news, site.yaml, pages) has an editor field at the same place, so a property
 * added to a schema cannot be missing from the form.
 */
const root = process.cwd()
const config = editorConfig({ root, localBackendUrl: 'http://127.0.0.1:8081/api/v1' }) as { collections: any[]; local_backend: unknown }
const schemas: Record<string, any> = {}
for (const f of fs.readdirSync(path.join(root, 'schemas'))) schemas[f] = JSON.parse(fs.readFileSync(path.join(root, 'schemas', f), 'utf8'))

const collection = (name: string) => config.collections.find(c => c.name === name)

/** Walks the schema beside the editor fields; returns the schema paths with no field. */
function missing(node: any, file: string, fields: Field[], at: string, seen: Set<string>): string[] {
  const { node: s, file: f } = resolveRef(node, file, schemas)
  const out: string[] = []
  const props: Record<string, any> = s.properties ?? {}
  const entries = Object.entries(props)
  if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
    // A map keyed by id: one field per key; each must hold the value schema's fields.
    if (fields.length === 0) out.push(`${at}.*`)
    for (const fl of fields) out.push(...missingInField(s.additionalProperties, f, fl, `${at}.${fl.name}`, seen))
  }
  for (const [k, v] of entries) {
    const fl = fields.find(x => x.name === k)
    if (!fl) {
      out.push(at ? `${at}.${k}` : k)
      continue
    }
    out.push(...missingInField(v, f, fl, at ? `${at}.${k}` : k, seen))
  }
  return out
}

function missingInField(node: any, file: string, fl: Field, at: string, seen: Set<string>): string[] {
  if (fl.widget === 'hidden') return [] // kept as written (nested sections, mixed table cells)
  const { node: s, file: f } = resolveRef(node, file, schemas)
  if (s.type === 'array') {
    const items = resolveRef(s.items ?? {}, f, schemas)
    const key = `${items.file}#${s.items?.$ref ?? at}`
    if (seen.has(key)) return []
    const next = new Set(seen).add(key)
    if (fl.types) {
      const out: string[] = []
      for (const alt of items.node.oneOf) {
        const r = resolveRef(alt, items.file, schemas)
        const tipo = r.node.properties.tipo.const
        const type = (fl.types as Field[]).find(t => t.name === tipo)
        if (!type) out.push(`${at}[tipo=${tipo}]`)
        else
          out.push(
            ...missing(
              { ...r.node, properties: Object.fromEntries(Object.entries(r.node.properties).filter(([k]) => k !== 'tipo')) },
              r.file,
              type.fields,
              `${at}[${tipo}]`,
              next,
            ),
          )
      }
      return out
    }
    if (fl.fields) return missing(items.node, items.file, fl.fields, `${at}[]`, next)
    return fl.field ? [] : [`${at}[]`]
  }
  if (s.properties || (s.additionalProperties && typeof s.additionalProperties === 'object')) return missing(s, f, fl.fields ?? [], at, seen)
  return []
}

describe('browser editor configuration generated from schemas/', () => {
  it('has a field for every property of the document list, news, site and page schemas', () => {
    const docs = collection('documentos').files
    expect(docs.length).toBe(fs.readdirSync(path.join(root, 'manifest/documents')).filter(f => f.endsWith('.yaml')).length)
    expect(missing(schemas['documents.schema.json'], 'documents.schema.json', docs[0].fields, '', new Set())).toEqual([])
    expect(missing(schemas['news.schema.json'], 'news.schema.json', collection('noticias').fields, '', new Set())).toEqual([])
    expect(missing(schemas['site.schema.json'], 'site.schema.json', collection('sitio').files[0].fields, '', new Set())).toEqual([])
    expect(missing(schemas['page.schema.json'], 'page.schema.json', collection('paginas').files[0].fields, '', new Set())).toEqual([])
  })

  it('document rows: the year is a whole number, the file an upload into the list’s folder under public/assets', () => {
    const list = collection('documentos').files.find((f: any) => f.name === 'presupuesto')
    expect(list).toMatchObject({
      file: 'manifest/documents/presupuesto.yaml',
      media_folder: '/public/assets/gestion/presupuesto',
      public_folder: '/assets/gestion/presupuesto',
    })
    const filas = list.fields.find((f: Field) => f.name === 'filas')
    expect(filas.widget).toBe('list')
    expect(filas.fields.find((f: Field) => f.name === 'anio')).toMatchObject({ widget: 'number', value_type: 'int', min: 1990, max: 2100, required: true })
    expect(filas.fields.find((f: Field) => f.name === 'archivo')).toMatchObject({ widget: 'file' })
    expect(filas.fields.find((f: Field) => f.name === 'fecha').pattern[0]).toBe('^\\d{4}-\\d{2}-\\d{2}$')
  })

  it("a new row starts with the editor clock's year in Colombia: 2031 at 23:30 on 31 December there (already 2032 in UTC)", () => {
    const at = editorConfig({ root, localBackendUrl: 'http://127.0.0.1:8081/api/v1', now: () => new Date('2032-01-01T04:30:00Z') }) as typeof config
    const list = at.collections.find((c: any) => c.name === 'documentos').files.find((f: any) => f.name === 'presupuesto')
    const filas = list.fields.find((f: Field) => f.name === 'filas')
    expect(filas.fields.find((f: Field) => f.name === 'anio').default).toBe(2031)
  })

  it('site.yaml contact data: one field per known id of each map; page sections by «tipo», text sections included', () => {
    const site = collection('sitio').files[0]
    const contacto = site.fields.find((f: Field) => f.name === 'contacto')
    const telefonos = contacto.fields.find((f: Field) => f.name === 'telefonos')
    expect(telefonos.fields.map((f: Field) => f.name)).toContain('urgencias')
    expect(telefonos.fields[0].fields.map((f: Field) => f.name)).toEqual(expect.arrayContaining(['etiqueta', 'numero']))
    const secciones = collection('paginas').files[0].fields.find((f: Field) => f.name === 'secciones')
    expect(secciones.typeKey).toBe('tipo')
    const texto = secciones.types.find((t: Field) => t.name === 'texto')
    expect(texto.fields.length).toBeGreaterThan(0)
    expect(texto.fields.some((f: Field) => f.widget === 'text')).toBe(true)
  })

  it('the CMS saves through the editor’s own server (same origin), which validates each save', () => {
    expect(editorCsp()).toContain("connect-src 'self' blob: data:;")
    expect(config.local_backend).toMatchObject({ url: 'http://127.0.0.1:8081/api/v1' })
  })
})
