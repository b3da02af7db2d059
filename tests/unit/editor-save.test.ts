import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { mergeSaved } from '../../scripts/lib/editorSave.ts'
import { newErrors, type SaveProblem } from '../../scripts/lib/editorServer.ts'

/**
 * What the browser editor writes: Decap CMS sends the whole file in its own style (single quotes, no
 * comments, new rows at the end). The file written keeps the staff's file as it was around the change.
 */
const LIST = 'manifest/documents/presupuesto.yaml'
const original = fs.readFileSync(LIST, 'utf8')

/** Decap's rendering of `data`: its serializer's quoting, no comments. */
const asDecap = (data: unknown) => YAML.stringify(data, { singleQuote: true, indentSeq: false })

describe('browser editor saves', () => {
  it('a new year row goes above the older years; comments, quotes and untouched rows stay as written', () => {
    const data = YAML.parse(original)
    const row = {
      anio: 2026,
      categoria: 'Presupuesto aprobado',
      titulo: 'Acuerdo No. 9: presupuesto 2026',
      archivo: '/assets/gestion/presupuesto/a.pdf',
      fecha: '2025-12-11',
    }
    data.filas.push(row)
    const out = mergeSaved(original, asDecap(data), LIST)
    const lines = out.split('\n')
    // Only the five lines of the new row were added, at the top of the rows (newest first).
    const before = original.split('\n')
    expect(lines.length).toBe(before.length + 5)
    const at = lines.indexOf('filas:') + 1
    expect(lines.slice(0, at)).toEqual(before.slice(0, at))
    expect(lines.slice(at, at + 5)).toEqual([
      '  - anio: 2026',
      '    categoria: Presupuesto aprobado',
      '    titulo: "Acuerdo No. 9: presupuesto 2026"',
      '    archivo: /assets/gestion/presupuesto/a.pdf',
      '    fecha: 2025-12-11',
    ])
    expect(lines.slice(at + 5)).toEqual(before.slice(at))
    expect(YAML.parse(out).filas[0]).toEqual(row)
  })

  it('an edited row keeps its place and its double quotes; a row moved to another year follows the order', () => {
    const data = YAML.parse(original)
    const i = data.filas.findIndex((f: { titulo: string }) => f.titulo.startsWith('Acuerdo No. 001 de 2024'))
    data.filas[i].titulo = 'Acuerdo No. 001 de 2024: modificación presupuestal No. 1 (corregido)'
    const last = data.filas.length - 1
    const moved = { ...data.filas[last], anio: 2025 }
    data.filas[last] = moved
    const out = mergeSaved(original, asDecap(data), LIST)
    expect(out).toContain('    titulo: "Acuerdo No. 001 de 2024: modificación presupuestal No. 1 (corregido)"\n')
    const years = YAML.parse(out).filas.map((f: { anio: number }) => f.anio)
    expect(years).toEqual([...years].sort((a, b) => b - a))
    expect(
      YAML.parse(out)
        .filas.filter((f: { anio: number }) => f.anio === 2025)
        .at(-1),
    ).toEqual(moved)
    expect(out.startsWith(original.split('\n').slice(0, 2).join('\n'))).toBe(true)
  })

  it('a file saved unchanged is written back as it was', () => {
    for (const file of [LIST, 'manifest/pages/nuestra-gestion/presupuesto.yaml', 'manifest/pages/inicio.yaml', 'manifest/news/nueva-ambulancia.yaml']) {
      const text = fs.readFileSync(file, 'utf8')
      expect(mergeSaved(text, asDecap(YAML.parse(text)), file)).toBe(text)
    }
  })

  it('a save is refused for the errors it adds, not for older ones', () => {
    const p = (archivo: string, mensaje: string, nivel: 'error' | 'aviso' = 'error'): SaveProblem => ({ archivo, linea: 1, columna: 1, nivel, mensaje })
    const old = p('manifest/pages/a.yaml', 'viejo')
    expect(newErrors([old], [{ ...old, linea: 9 }])).toEqual([])
    expect(newErrors([old], [old, p('manifest/documents/x.yaml', 'nuevo')]).map(x => x.mensaje)).toEqual(['nuevo'])
    expect(newErrors([], [p('manifest/documents/x.yaml', 'solo un aviso', 'aviso')])).toEqual([])
  })
})
