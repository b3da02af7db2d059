/**
 * `npm run assets:muestra`: writes a small, valid PDF for every /assets/*.pdf
 * link in the manifest that has no file yet. Each PDF shows its title, its
 * year and «Documento de muestra», so the sample site downloads real files
 * and the asset-link check stays meaningful. Existing files are never touched (`--rehacer`: all are written again).
 */
import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { loadManifest } from '../src/manifest/load.ts'
import { publicDir } from '../src/manifest/paths.ts'
import { PdfTags } from '../src/server/features/office/radicacion/pdfTags.ts'

interface Wanted {
  url: string
  title: string
  year?: number
}

function collect(value: unknown, out: Map<string, Wanted>, context: { year?: number } = {}): void {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, out, context)
    return
  }
  if (!value || typeof value !== 'object') return
  const obj = value as Record<string, unknown>
  const year = typeof obj.anio === 'number' ? obj.anio : context.year
  const title = [obj.titulo, obj.texto, obj.nombre].find((t): t is string => typeof t === 'string')
  for (const [key, v] of Object.entries(obj)) {
    if (typeof v !== 'string') continue
    if (['archivo', 'url', 'src', 'transcripcion'].includes(key) && /^\/assets\/.+\.pdf$/i.test(v) && !out.has(v)) {
      out.set(v, { url: v, title: title ?? path.basename(v, '.pdf'), year })
    }
    for (const m of v.matchAll(/\[([^\]]+)\]\((\/assets\/[^)\s]+\.pdf)\)/gi)) {
      if (!out.has(m[2]!)) out.set(m[2]!, { url: m[2]!, title: m[1]!, year })
    }
  }
  for (const v of Object.values(obj)) if (typeof v === 'object') collect(v, out, { year })
}

/** Helvetica's WinAnsi covers Spanish letters; anything else becomes a plain equivalent. */
function winAnsi(text: string): string {
  return text
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7E\u00A0-\u00FF–—•…€]/g, '-')
}

function wrap(text: string, max: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > max) {
      lines.push(line)
      line = word
    } else line = (line + ' ' + word).trim()
  }
  if (line) lines.push(line)
  return lines
}

export async function samplePdf(title: string, year: number | undefined, institution: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(winAnsi(title))
  pdf.setAuthor(winAnsi(institution))
  pdf.setSubject('Documento de muestra')
  pdf.setLanguage('es-CO')
  // Fixed dates keep regenerated files byte-identical.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const page = pdf.addPage([595, 842])
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  // Tagged like the PDFs the server writes (pdfTags.ts): a sample must not be the validator's untagged-PDF warning.
  const tags = new PdfTags(pdf)
  let y = 760
  tags.mark(page, 'P', () => page.drawText(winAnsi(institution), { x: 56, y, size: 11, font, color: rgb(0.04, 0.36, 0.23) }))
  y -= 40
  for (const line of wrap(winAnsi(title), 60)) {
    tags.mark(page, 'H1', () => page.drawText(line, { x: 56, y, size: 16, font: bold }))
    y -= 22
  }
  if (year) {
    y -= 8
    tags.mark(page, 'P', () => page.drawText(`Vigencia: ${year}`, { x: 56, y, size: 12, font }))
  }
  y -= 40
  tags.mark(page, 'P', () => page.drawText('Documento de muestra', { x: 56, y, size: 14, font: bold, color: rgb(0.55, 0.35, 0) }))
  y -= 20
  tags.mark(page, 'P', () =>
    page.drawText(winAnsi('Este archivo reemplaza al documento oficial mientras la institución lo publica.'), { x: 56, y, size: 10, font }),
  )
  tags.finish()
  return pdf.save({ useObjectStreams: true })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest } = loadManifest()
  const wanted = new Map<string, Wanted>()
  for (const item of [manifest.site, ...manifest.pages, ...manifest.documents, ...manifest.news, ...manifest.forms]) {
    if (item) collect(item.data, wanted)
  }
  const institution = manifest.site?.data.nombre ?? 'Hospital'
  let written = 0
  for (const w of wanted.values()) {
    const file = path.join(publicDir(), decodeURI(w.url))
    if (fs.existsSync(file) && !process.argv.includes('--rehacer')) continue
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, await samplePdf(w.title, w.year, institution))
    written++
  }
  console.log(`${written} PDF de muestra creados; ${wanted.size - written} ya existían.`)
}
