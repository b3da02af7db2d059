/**
 * The editor names the field of the form a validator problem is about (docs/decisions/staff-tooling.md, «Errors at
 * the field»): its path as the form shows it, so the page writes the message next to that field. A document list's
 * rows are saved newest first, so the file's row is not always the form's: the path counts rows as the form does.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fieldTitles, problemField } from '../../scripts/lib/editorProblems.ts'
import { mergeSaved } from '../../scripts/lib/editorSave.ts'

const titles = fieldTitles(path.resolve('schemas'))

/** Line and column (from 1) of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string): [number, number] {
  const lines = text.split('\n')
  const line = lines.findIndex(l => l.includes(needle))
  return [line + 1, lines[line]!.indexOf(needle) + 1]
}

describe('a validator problem at the field of the form', () => {
  it('names the row as the form shows it when the save moves the row to its year', () => {
    const previous = `id: lista
titulo: Lista
filas:
  - anio: 2026
    titulo: Primera
    archivo: /assets/x/2026/a.pdf
  - anio: 2025
    titulo: Segunda
    archivo: /assets/x/2025/b.pdf
  - anio: 2024
    titulo: Tercera
    archivo: /assets/x/2024/c.pdf
`
    // The clerk changed the third row's year to 2027 and typed a date that does not exist.
    const sent = `${previous.replace('  - anio: 2024\n', '  - anio: 2027\n')}    fecha: 2027-02-30\n`
    const saved = mergeSaved(previous, sent, 'manifest/documents/lista.yaml')
    // Saved newest first: in the file the row is the first one.
    expect(saved.indexOf('2027-02-30')).toBeLessThan(saved.indexOf('Primera'))
    const [line, column] = at(saved, '2027-02-30')
    expect(problemField(saved, line, column, sent, 'manifest/documents/lista.yaml', titles)).toEqual({
      campo: 'Fila 3 (2027) · Fecha',
      ruta: ['filas', 2, 'fecha'],
    })
  })

  it('a field outside any list is named by its key; a line outside every field names none', () => {
    const text = `id: aviso
titulo: Aviso
dependencia: Gerencia
cuerpo: Texto
fechaCreacion: 2026-13-01
`
    const [line, column] = at(text, '2026-13-01')
    expect(problemField(text, line, column, text, 'manifest/news/aviso.yaml', titles)).toEqual({ campo: 'Fecha de creación', ruta: ['fechaCreacion'] })
    expect(problemField(`# comentario\n${text}`, 1, 1, undefined, 'manifest/news/aviso.yaml', titles)).toEqual({})
  })
})
