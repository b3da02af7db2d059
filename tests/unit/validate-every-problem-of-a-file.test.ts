/**
 * `npm run validate` names every problem of a file in one run: a document list whose rows have a schema error (an
 * impossible date, a misspelt key) and a link to a PDF that does not exist gets all three, not the missing file only
 * after the others are fixed (src/manifest/checks/links.ts reads the links of files that failed their schema).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

let tmp: string

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'validar-todo-'))
  fs.cpSync('tests/fixtures/manifest-min', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  fs.writeFileSync(
    path.join(tmp, 'manifest', 'documents', 'informes.yaml'),
    [
      'id: informes',
      'titulo: Informes',
      'filas:',
      '  - anio: 2024',
      '    titulo: Informe 2024',
      '    archivo: /assets/docs/informe-2024.pdf',
      '    fecha: 2024-13-45',
      '  - anio: 2024',
      '    titulo: Informe de cierre 2024',
      '    archivo: /assets/docs/informe-cierre-2024.pdf',
      '    fecha: 2024-12-30',
      '  - anio: 2024',
      '    tituloo: Informe anual 2024',
      '    archivo: /assets/docs/informe-2024.pdf',
      '',
    ].join('\n'),
  )
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
})

afterAll(() => {
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('validate', () => {
  it('reports the schema errors and the missing file of one document list in the same run', () => {
    const { errors } = validateManifest(path.join(tmp, 'manifest'))
    const lines = errors.map(formatProblem).filter(l => l.includes('documents/informes.yaml'))
    expect(
      lines.some(l => /:7:\d+: la fecha «2024-13-45» no es válida/.test(l)),
      lines.join('\n'),
    ).toBe(true)
    expect(
      lines.some(l => /:10:\d+: el archivo «\/assets\/docs\/informe-cierre-2024\.pdf» no existe/.test(l)),
      lines.join('\n'),
    ).toBe(true)
    expect(
      lines.some(l => /:13:\d+: el campo «tituloo» no existe aquí/.test(l)),
      lines.join('\n'),
    ).toBe(true)
  })
})
