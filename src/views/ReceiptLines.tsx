import { type Receipt, receiptItems } from '../forms/receipt.ts'

/**
 * The receipt's lines as a page shows them (the form's banner with script, the server's answer without).
 * The verification code is one unbreakable word (`codigo-verificacion`: no wrap), so a narrow phone never
 * shows «RQ6QD-» on one line and «EKQCH» on the next, where it would be copied or dictated wrong.
 */
export function ReceiptLines({ receipt }: { receipt: Omit<Receipt, 'id'> }) {
  return (
    <>
      {receiptItems(receipt).map(l => (
        <p key={l.text} className="recibo-linea">
          {l.text}
          {l.code !== undefined && <span className="codigo-verificacion">{l.code}</span>}
        </p>
      ))}
    </>
  )
}
