import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib'

/** The text a PDF draws: its content streams inflated, the strings of its text operators decoded (WinAnsi ≈ Latin-1 for Spanish). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const page of doc.getPages()) {
    const contents = page.node.Contents()
    const streams = contents instanceof PDFArray ? contents.asArray().map(r => doc.context.lookup(r)) : [contents]
    for (const stream of streams) {
      const raw = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array()
      const ops = Buffer.from(raw).toString('latin1')
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'))
    }
  }
  return out.join('\n')
}
