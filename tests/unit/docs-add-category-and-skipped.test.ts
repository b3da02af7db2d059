/**
 * `npm run docs:add` tells what it left out and files rows as their neighbours: a file of the folder that is not a
 * PDF is named in the output (not skipped silently), underscores become hyphens like every other separator, a file
 * already listed keeps its name (renaming it would break its row), and without --categoria the new rows take the
 * category their neighbours share, or none with the choices named when they disagree
 * (docs/decisions/documents-and-placeholders.md).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDocuments, safeFileName } from '../../src/manifest/addDocuments.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

let tmp: string
const pdf = fs.readFileSync(path.resolve('tests/fixtures/public-min/assets/docs/informe-2024.pdf'))
const listFile = () => path.join(tmp, 'manifest', 'documents', 'actas.yaml')
const rows = () => (parse(fs.readFileSync(listFile(), 'utf8')) as { filas: Array<Record<string, unknown>> }).filas

function folderWith(rel: string, names: string[]): string {
  const dir = path.join(tmp, 'public', 'assets', rel)
  fs.mkdirSync(dir, { recursive: true })
  for (const n of names) fs.writeFileSync(path.join(dir, n), pdf)
  return dir
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-add-vecinas-'))
  fs.cpSync('tests/fixtures/manifest-min', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  fs.writeFileSync(
    listFile(),
    [
      'id: actas',
      'titulo: Actas',
      'filas:',
      '  - anio: 2025',
      '    categoria: Actas de junta',
      '    titulo: Acta de junta 1',
      '    archivo: /assets/actas/2025/acta_junta_1.pdf',
      '  - anio: 2024',
      '    categoria: Vigencia 2024',
      '    titulo: Acta 2024',
      '    archivo: /assets/actas/2024/acta-2024.pdf',
      '  - anio: 2023',
      '    categoria: Actas de junta',
      '    titulo: Acta 2023',
      '    archivo: /assets/actas/2023/acta-2023.pdf',
      '  - anio: 2023',
      '    categoria: Actas de comité',
      '    titulo: Acta de comité 2023',
      '    archivo: /assets/actas/2023/acta-comite-2023.pdf',
      '',
    ].join('\n'),
  )
  process.env.MANIFEST_DIR = path.join(tmp, 'manifest')
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
})

afterAll(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('docs:add, what it leaves out and how it files new rows', () => {
  it('underscores become hyphens', () => {
    expect(safeFileName('Acta_junta_2 final.PDF')).toBe('acta-junta-2-final.pdf')
  })

  it('names the files that are not PDF, renames underscores, keeps a listed file, and copies the year’s category', () => {
    const dir = folderWith('actas/2025', ['acta_junta_1.pdf', 'acta_junta_2.pdf', 'notas.docx', 'Foto.JPG', '.DS_Store'])
    const r = spawnSync(process.execPath, compiledNodeArgs('scripts/docs-add.ts', ['actas', '2025', dir]), { env: process.env, encoding: 'utf8' })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain('No se agregó (no es un PDF): Foto.JPG')
    expect(r.stdout).toContain('No se agregó (no es un PDF): notas.docx')
    expect(r.stdout).not.toContain('.DS_Store')
    expect(r.stdout).toContain('Archivo renombrado: «acta_junta_2.pdf» → «acta-junta-2.pdf»')
    expect(r.stdout).toContain('Ya estaba en la lista: /assets/actas/2025/acta_junta_1.pdf')
    expect(r.stdout).toContain('Categoría copiada de las filas vecinas: «Actas de junta»')
    expect(fs.existsSync(path.join(dir, 'acta_junta_1.pdf'))).toBe(true)
    expect(rows()[1]).toEqual({ anio: 2025, categoria: 'Actas de junta', titulo: 'Acta junta 2', archivo: '/assets/actas/2025/acta-junta-2.pdf' })
  }, 60_000)

  it('a new year takes the neighbouring year’s category with its year moved; neighbours that disagree give none, and say so', () => {
    const r2022 = addDocuments('actas', 2022, folderWith('actas/2022', ['acta-2022.pdf']))
    expect(r2022.copiedCategoria).toBeUndefined()
    expect(r2022.categoryChoices).toEqual(['Actas de junta', 'Actas de comité'])
    expect(rows().find(x => x.anio === 2022)).not.toHaveProperty('categoria')

    const r2026 = addDocuments('actas', 2026, folderWith('actas/2026', ['acta-2026.pdf']))
    expect(r2026.copiedCategoria).toBe('Actas de junta')
    const before2024 = addDocuments('actas', 2024, folderWith('actas/2024', ['acta-2024.pdf', 'acta-2024-b.pdf']))
    expect(before2024.copiedCategoria).toBe('Vigencia 2024')
    fs.writeFileSync(listFile(), fs.readFileSync(listFile(), 'utf8').replace(/ {2}- anio: 2026\n[\s\S]*?(?= {2}- anio: 2025)/, ''))
    const fresh = folderWith('actas/2027', ['acta-2027.pdf'])
    // 2027 is a new year beside 2025, whose rows share «Actas de junta».
    expect(addDocuments('actas', 2027, fresh).copiedCategoria).toBe('Actas de junta')
  })
})
