import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { constanciaPdf } from '../../src/server/features/office/radicacion/constancia.ts'
import { pdfTagGaps } from '../../src/manifest/pdfTagging.ts'

/** The office's constancia (a petition registered at the window) is a tagged PDF, like the web receipt's (docs/decisions/accessibility.md). */
describe('the office constancia PDF', () => {
  it('carries a structure tree with one element per drawn line, a language and a title', async () => {
    const rows: Array<[string, string]> = [
      ['Número de radicado', 'PQRS-2026-000123'],
      ['Recibida por', 'Ana Funcionaria'],
      ['Descripción', 'Solicito copia de mi historia clínica de la atención del 3 de octubre. '.repeat(6)],
    ]
    const bytes = await constanciaPdf(
      { radicado: 'PQRS-2026-000123', recibido: '2026-11-25T10:00:00-05:00', entidad: 'E.S.E. Hospital de prueba' },
      rows,
      'Consulte el estado de su solicitud en /consulta.',
    )
    const doc = await PDFDocument.load(bytes)
    expect(doc.getTitle()).toBe('Constancia de radicación PQRS-2026-000123')
    expect(doc.catalog.lookup(PDFName.of('Lang'))?.toString()).toBe('(es-CO)')
    const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict)
    const document = root.lookup(PDFName.of('K'), PDFDict)
    expect(document.get(PDFName.of('S'))?.toString()).toBe('/Document')
    const kinds = document
      .lookup(PDFName.of('K'), PDFArray)
      .asArray()
      .map(r => doc.context.lookup(r, PDFDict).get(PDFName.of('S'))?.toString())
    // Entity, title (H1), two lines per short row, the long description wrapped over several lines, the footer.
    expect(kinds.filter(k => k === '/H1')).toHaveLength(1)
    expect(kinds.length).toBeGreaterThan(1 + 1 + 2 * rows.length + 1)
    // The validator's reading of a published PDF agrees: nothing missing.
    expect(pdfTagGaps(Buffer.from(bytes))).toEqual([])
  })
})
