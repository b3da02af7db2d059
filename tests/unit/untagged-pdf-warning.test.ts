import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterEach, describe, expect, it } from 'vitest'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'
import { untaggedPdfs, untaggedSummary } from '../../src/manifest/checks/documentAccessibility.ts'
import { PdfTags } from '../../src/server/features/office/radicacion/pdfTags.ts'

/**
 * The validator warns (never fails) for a published PDF a screen reader cannot follow: no structure tree, no
 * language or no title (docs/decisions/accessibility.md). Tiny PDFs made here with pdf-lib, one tagged like the
 * server's constancias, the others lacking one part each.
 */
async function tinyPdf(parts: { tags?: boolean; lang?: boolean; title?: boolean }): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  if (parts.title) doc.setTitle('Informe de gestión 2024')
  if (parts.lang) doc.setLanguage('es-CO')
  const page = doc.addPage([200, 200])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const draw = () => page.drawText('Informe', { x: 20, y: 150, size: 12, font })
  if (parts.tags) {
    const tags = new PdfTags(doc)
    tags.mark(page, 'H1', draw)
    tags.finish()
  } else draw()
  return doc.save({ useObjectStreams: true })
}

let tmp: string | undefined
afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  tmp = undefined
})

function site(pdfs: Record<string, Uint8Array>): string {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-tags-'))
  fs.cpSync('tests/fixtures/manifest-min', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  const rows = Object.keys(pdfs)
    .map(name => `  - anio: 2024\n    titulo: ${name}\n    archivo: /assets/docs/${name}\n`)
    .join('')
  fs.writeFileSync(path.join(tmp, 'manifest/documents/informes.yaml'), `id: informes\ntitulo: Informes\nfilas:\n${rows}`)
  for (const [name, bytes] of Object.entries(pdfs)) fs.writeFileSync(path.join(tmp, 'public/assets/docs', name), bytes)
  process.env.MANIFEST_DIR = path.join(tmp, 'manifest')
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
  return path.join(tmp, 'manifest')
}

const untagged = (result: ReturnType<typeof validateManifest>) => result.warnings.map(formatProblem).filter(w => w.includes('no está etiquetado'))

describe('untagged PDFs under public/', () => {
  it('warns at the row of its document list for each part a PDF lacks, and not for a tagged one', async () => {
    const dir = site({
      'etiquetado.pdf': await tinyPdf({ tags: true, lang: true, title: true }),
      'sin-arbol.pdf': await tinyPdf({ lang: true, title: true }),
      'sin-idioma-ni-titulo.pdf': await tinyPdf({ tags: true }),
    })
    const result = validateManifest(dir)
    expect(result.errors).toEqual([])
    const lines = untagged(result)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(
      /^manifest\/documents\/informes\.yaml:9:14: aviso: el PDF «\/assets\/docs\/sin-arbol\.pdf» de la lista de documentos «informes» no está etiquetado para lectores de pantalla \(le falta: árbol de estructura\)/,
    )
    expect(lines[1]).toMatch(/informes\.yaml:12:14: aviso: el PDF «\/assets\/docs\/sin-idioma-ni-titulo\.pdf» .*\(le falta: idioma, título\)/)
    expect(lines.join('\n')).not.toContain('etiquetado.pdf»')
    expect(untaggedPdfs().map(p => p.rel)).toEqual(['/assets/docs/sin-arbol.pdf', '/assets/docs/sin-idioma-ni-titulo.pdf'])
  })

  it('reads a replaced file again (its size and time changed), so the warning goes once the PDF is tagged', async () => {
    const dir = site({ 'informe.pdf': await tinyPdf({ lang: true, title: true }) })
    expect(untagged(validateManifest(dir))).toHaveLength(1)
    const file = path.join(tmp!, 'public/assets/docs/informe.pdf')
    fs.writeFileSync(file, await tinyPdf({ tags: true, lang: true, title: true }))
    fs.utimesSync(file, new Date('2026-11-25T10:00:00Z'), new Date('2026-11-25T10:00:00Z'))
    expect(untagged(validateManifest(dir))).toEqual([])
  })

  it('counts them in the build summary, and says so when the ITA matrix calls the documents accessible', async () => {
    const dir = site({ 'a.pdf': await tinyPdf({}), 'b.pdf': await tinyPdf({ tags: true, lang: true, title: true }) })
    const ita = (answer: string) =>
      fs.writeFileSync(path.join(dir, 'ita.yaml'), `criterios:\n  - bloque: anexo1\n    codigo: i\n    nombre: Documentos accesibles\n    ${answer}\n`)
    ita('enlaces: [{ texto: Página, url: /grupo/pagina }]')
    expect(untaggedSummary(validateManifest(dir).manifest)).toEqual([
      '  Documentos PDF sin etiquetar (no accesibles): 1; npm run validate avisa de cada uno, con su lista.',
      '  La matriz ITA da por cumplido el criterio i del anexo 1 (documentos accesibles) con 1 PDF sin etiquetar: márquelo «pendiente» en manifest/ita.yaml hasta reemplazarlos.',
    ])
    ita('pendiente: Faltan PDF por etiquetar.')
    expect(untaggedSummary(validateManifest(dir).manifest)).toEqual([
      '  Documentos PDF sin etiquetar (no accesibles): 1; npm run validate avisa de cada uno, con su lista.',
    ])
  })
})
