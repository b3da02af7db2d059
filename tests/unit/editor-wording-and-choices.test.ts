/**
 * The browser editor speaks formal Spanish and offers choices instead of free text where a typo breaks a page
 * (docs/decisions/staff-tooling.md): no «Oops», no «tú», one verb for choosing a file («Elija»); a toggle's help
 * without the YAML's «Ejemplo: true»; a document list's identifier shown but not changeable; its rows' category
 * chosen from the list's own categories; collections, lists and pages in alphabetical order.
 */
import { describe, expect, it } from 'vitest'
import { editorConfig, type Field } from '../../scripts/lib/editorConfig.ts'
import { ES_SUPPLEMENT } from '../../scripts/lib/editorLocale.ts'

function merge(a: any, b: any): any {
  const out: any = { ...a }
  for (const [k, v] of Object.entries(b)) out[k] = v && typeof v === 'object' ? merge(out[k] ?? {}, v) : v
  return out
}

function strings(o: unknown, at = ''): Array<[string, string]> {
  if (typeof o === 'string') return [[at, o]]
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k))
  return []
}

const INFORMAL =
  /\bOops\b|\bUps\b|\bEscog|\bElige\b|\btu\b|\btus\b|\bquieres\b|\bEstás\b|\basegúrate\b|\basegurate\b|\buses\b|\bintroduce\b|\bverifica\b|\belimina\b|\bQuita\b|\bRemover\b|\bpuedes\b|\btienes\b/i

const config = editorConfig({ root: process.cwd(), localBackendUrl: 'http://127.0.0.1:8081/api/v1' }) as { collections: any[] }
const labels = (items: Array<{ label: string }>) => items.map(i => i.label)
const sorted = (xs: string[]) => [...xs].sort((a, b) => a.localeCompare(b, 'es'))

function allFields(fields: Field[]): Field[] {
  return fields.flatMap(f => [f, ...allFields((f.fields as Field[] | undefined) ?? []), ...allFields((f.types as Field[] | undefined) ?? [])])
}

describe('the editor’s wording', () => {
  it('no «Oops», no «tú», and «Elija» for every choice of a file or an image', async () => {
    const es = (await import('decap-cms-locales/dist/esm/es/index.js' as string)).default
    const phrases = strings(merge(es, ES_SUPPLEMENT))
    expect(phrases.filter(([, v]) => INFORMAL.test(v))).toEqual([])
    const widgets = merge(es, ES_SUPPLEMENT).editor.editorWidgets
    expect([widgets.file.choose, widgets.file.chooseDifferent, widgets.image.choose]).toEqual(['Elija un archivo', 'Elija otro archivo', 'Elija una imagen'])
  })

  it('a toggle’s help never reads «Ejemplo: true»', () => {
    const toggles = config.collections.flatMap(c => (c.files ?? [c]).flatMap((f: any) => allFields(f.fields))).filter(f => f.widget === 'boolean')
    expect(toggles.length).toBeGreaterThan(0)
    expect(toggles.filter(f => /Ejemplo: (true|false)/.test(String(f.hint ?? ''))).map(f => f.name)).toEqual([])
  })
})

describe('the editor’s choices', () => {
  it('collections, document lists and pages are in alphabetical order', () => {
    expect(labels(config.collections)).toEqual(sorted(labels(config.collections)))
    for (const c of config.collections.filter(c => c.files)) expect(labels(c.files)).toEqual(sorted(labels(c.files)))
  })

  it('a document list’s identifier cannot be changed, and its rows’ category is chosen from the list’s categories', () => {
    const list = config.collections.find(c => c.name === 'documentos').files.find((f: any) => f.name === 'control-informes')
    const id = list.fields.find((f: Field) => f.name === 'id')
    expect(id).toMatchObject({ widget: 'identificador', reason: 'No se puede cambiar: las páginas citan la lista con este identificador.' })
    const categoria = list.fields.find((f: Field) => f.name === 'filas').fields.find((f: Field) => f.name === 'categoria')
    expect(categoria.widget).toBe('select')
    expect(categoria.options).toContain('Auditorías internas')
    expect(categoria.options).toContain('Actas de apertura y cierre de auditoría')
    expect(categoria.options).toEqual(sorted([...new Set(categoria.options as string[])]))
  })
})
