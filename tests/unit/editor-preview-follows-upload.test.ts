/**
 * The editor's preview follows an upload: a new row linking a PDF as the clerk's PC named it (spaces, accents, no
 * year folder), not on disk yet, is previewed with the name and folder the save gives it, so the pane shows the
 * page with the row instead of a rename message the clerk cannot act on (docs/decisions/staff-tooling.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { renderPreview } from '../../scripts/lib/editorPreview.ts'

const LIST = 'manifest/documents/control-informes.yaml'

describe('the editor preview after an upload', () => {
  it('shows the page with the new row, linked where the save puts the file', () => {
    const data = parse(fs.readFileSync(path.resolve(LIST), 'utf8')) as { filas: Array<Record<string, unknown>> }
    data.filas.unshift({
      anio: 2026,
      categoria: 'Auditorías internas',
      titulo: 'Informe de auditoría de prueba 2026',
      archivo: '/assets/control/informes/Informe auditoría Año 2026.pdf',
    })
    const result = renderPreview(process.cwd(), LIST, data)
    expect('aviso' in result ? result.aviso : '').toBe('')
    const html = (result as { html: string }).html
    expect(html).toContain('Informe de auditoría de prueba 2026')
    expect(html).toContain('/assets/control/informes/2026/informe-auditoria-anio-2026.pdf')
  }, 60_000)
})
