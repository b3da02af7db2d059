import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib'
import { PdfTags } from './pdfTags.ts'
import { CANAL_LABEL, type OfficeCanal } from '../../../../filings/channels.ts'
import { type ReceiptMail, spanishDateTime, spanishDay } from '../../../../forms/receipt.ts'

/**
 * The citizen's proof of a petition the office registered (CPACA art. 61:
 * number, date and time of receipt; Decreto 1166 de 2016: a verbal petition
 * is given a constancia). Built once, right after the registration: the
 * verification code exists only then (the store keeps its hash).
 */
export interface Constancia {
  radicado: string
  codigo: string
  /** ISO instant of the registration, with Colombia's offset. */
  recibido: string
  /** Day the document was received, when earlier than the registration. */
  recibidaEl?: string
  vence: string
  diasHabiles: number
  fundamento?: string
  canal: OfficeCanal
  /** The form's name (e.g. «PQRSD») and the request type (e.g. «Petición»). */
  formulario: string
  tipo: string
  /** Name of the staff member who received it. */
  funcionario: string
  entidad: string
  /** Absolute or site-relative address of the tracking page. */
  consultaUrl: string
  /** The petition's fields as staff read them (the citizen's own data, for their copy). */
  campos: Array<{ etiqueta: string; valor: string }>
  /** Whether the citizen's copy went by e-mail (`enviado` only when the mail server accepted it); absent without an address. */
  correo?: ReceiptMail
}

/** What the page tells staff about the e-mailed copy: «sent» only when it was, otherwise what to do instead. */
export function constanciaMailText(c: Pick<Constancia, 'correo'>): string {
  if (c.correo === 'enviado') return 'La constancia también se envió al correo que dio el ciudadano.'
  const give = 'Entréguele la constancia impresa o en PDF, o díctele el número de radicado y el código de verificación.'
  if (c.correo === 'no-enviado')
    return `La constancia no se envió por correo: el envío de correo no está configurado o el servidor de correo no lo aceptó. ${give}`
  return `El ciudadano no dio correo electrónico. ${give}`
}

export const CONSTANCIA_TRACKING = (c: Constancia) =>
  `Consulte el estado de su solicitud en ${c.consultaUrl} con el número de radicado y el código de verificación. Guarde este número y este código.`

/** Label and value of each line of the constancia, the same in the page and the PDF (CPACA art. 61; Decreto 1166 de 2016). */
export function constanciaRows(c: Constancia): Array<[string, string]> {
  return [
    ['Número de radicado', c.radicado],
    ['Código de verificación', c.codigo],
    ['Fecha y hora de radicación', spanishDateTime(c.recibido)],
    ...(c.recibidaEl ? ([['Fecha de recepción del documento', spanishDay(c.recibidaEl)]] as Array<[string, string]>) : []),
    ['Canal de recepción', CANAL_LABEL[c.canal]],
    ['Solicitud', `${c.formulario} — ${c.tipo}`],
    ['Término de respuesta', `${c.diasHabiles} días hábiles${c.fundamento ? ` (${c.fundamento})` : ''}`],
    ['Fecha límite de respuesta', spanishDay(c.vence)],
    ['Recibida por', c.funcionario],
    ...c.campos.map((f): [string, string] => [f.etiqueta, f.valor]),
  ]
}

const PAGE = { width: 595.28, height: 841.89 } // A4
const MARGIN = 56
const SIZE = 10.5
const LEADING = 14

/** Text the standard font can draw: characters outside its encoding (emoji, other scripts) become «?». */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet())
  return [...text.replace(/\r\n?/g, '\n')].map(ch => (ch === '\n' || known.has(ch.codePointAt(0)!) ? ch : '?')).join('')
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of drawable(font, text).split('\n')) {
    let line = ''
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      // A word longer than the line is cut where it overflows.
      let rest = word
      while (font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--
        lines.push(rest.slice(0, n))
        rest = rest.slice(n)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/**
 * The constancia as a PDF (pdf-lib, standard Helvetica: no font file to ship).
 * `rows` are the same label/value lines the HTML page shows.
 */
export async function constanciaPdf(
  c: Pick<Constancia, 'radicado' | 'recibido' | 'entidad'>,
  rows: ReadonlyArray<[string, string]>,
  footer: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Constancia de radicación ${c.radicado}`)
  doc.setLanguage('es-CO')
  doc.setProducer('Sitio web de la E.S.E.')
  doc.setCreationDate(new Date(c.recibido))
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const width = PAGE.width - 2 * MARGIN
  let page = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN
  // Every line is tagged, in the order drawn: a screen reader reads the constancia (pdfTags.ts).
  const tags = new PdfTags(doc)
  const line = (text: string, font: PDFFont, size = SIZE) => {
    if (y < MARGIN + LEADING) {
      page = doc.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - MARGIN
    }
    tags.mark(page, size === 15 ? 'H1' : 'P', () => page.drawText(text, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) }))
    y -= size > SIZE ? size + 6 : LEADING
  }
  for (const l of wrap(bold, c.entidad, 12, width)) line(l, bold, 12)
  y -= 4
  line(drawable(bold, `Constancia de radicación ${c.radicado}`), bold, 15)
  y -= 4
  for (const [label, value] of rows) {
    for (const l of wrap(bold, `${label}:`, SIZE, width)) line(l, bold)
    for (const l of wrap(regular, value || '—', SIZE, width - 12)) {
      tags.mark(page, 'P', () => page.drawText(l, { x: MARGIN + 12, y, size: SIZE, font: regular }))
      y -= LEADING
      if (y < MARGIN + LEADING) {
        page = doc.addPage([PAGE.width, PAGE.height])
        y = PAGE.height - MARGIN
      }
    }
    y -= 3
  }
  y -= 6
  for (const l of wrap(regular, footer, SIZE, width)) line(l, regular)
  tags.finish()
  return doc.save()
}
