import { RECEIPT_PDF_API, RECEIPT_PDF_BUTTON, type Receipt } from '../forms/receipt.ts'

/**
 * «Descargar constancia (PDF)» (docs/decisions/rendering.md): a plain form, so the download is the browser's own navigation
 * with the number and the code in the body, never in an address (the server answers with an attachment and the
 * page stays as it is). The same button after a filing with JavaScript (the form's banner) and without (the
 * server's answer page).
 */
export function ReceiptPdfForm({ receipt }: { receipt: Receipt }) {
  return (
    <form method="post" action={RECEIPT_PDF_API} className="descarga-constancia">
      <input type="hidden" name="radicado" value={receipt.id} />
      <input type="hidden" name="codigo" value={receipt.codigo} />
      <button type="submit" className="secondary">
        {RECEIPT_PDF_BUTTON}
      </button>
    </form>
  )
}
