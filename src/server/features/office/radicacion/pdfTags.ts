import { type PDFDocument, PDFName, PDFOperator, PDFOperatorNames, type PDFPage, type PDFRef } from 'pdf-lib'

/**
 * A tagged PDF for a screen reader (PDF/UA's structure, in reading order): each drawn line is marked content with
 * its own id, a paragraph (`P`, or `H1` for the title) of one `Document` element, in the order drawn; the
 * catalog says it is marked and shows the title. Language and title are set by the caller (docs/decisions/receipt-pdf.md).
 */
export class PdfTags {
  private readonly elements: PDFRef[] = []
  private readonly byPage = new Map<PDFPage, PDFRef[]>()
  private readonly documentRef: PDFRef
  private readonly rootRef: PDFRef

  constructor(private readonly doc: PDFDocument) {
    this.rootRef = doc.context.nextRef()
    this.documentRef = doc.context.nextRef()
  }

  /** Draws through `draw` inside a marked-content sequence tied to a new structure element of type `tag`. */
  mark(page: PDFPage, tag: 'P' | 'H1', draw: () => void): void {
    const onPage = this.byPage.get(page) ?? []
    this.byPage.set(page, onPage)
    const mcid = onPage.length
    const ctx = this.doc.context
    // BDC takes a property list (a dictionary): pdf-lib writes any PDF object as an operand, its type lists fewer.
    const properties = ctx.obj({ MCID: mcid }) as unknown as PDFName
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(tag), properties]))
    draw()
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent))
    const ref = ctx.register(ctx.obj({ Type: 'StructElem', S: tag, P: this.documentRef, Pg: page.ref, K: mcid }))
    onPage.push(ref)
    this.elements.push(ref)
  }

  /** Writes the structure tree, the parent tree and the catalog's flags. */
  finish(): void {
    const ctx = this.doc.context
    const nums: unknown[] = []
    ;[...this.byPage].forEach(([page, refs], i) => {
      page.node.set(PDFName.of('StructParents'), ctx.obj(i))
      nums.push(i, refs)
    })
    ctx.assign(this.documentRef, ctx.obj({ Type: 'StructElem', S: 'Document', P: this.rootRef, K: this.elements }))
    ctx.assign(this.rootRef, ctx.obj({ Type: 'StructTreeRoot', K: this.documentRef, ParentTree: ctx.obj({ Nums: nums as never }) }))
    const catalog = this.doc.catalog
    catalog.set(PDFName.of('StructTreeRoot'), this.rootRef)
    catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }))
    catalog.set(PDFName.of('ViewerPreferences'), ctx.obj({ DisplayDocTitle: true }))
  }
}
