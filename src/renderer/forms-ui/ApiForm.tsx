import { useRef, useState } from 'react'
import { ApiError, FAILURE_MESSAGES, filingNumber, postForm } from '../../forms/apiClient.ts'
import { requestBody, successText } from '../../forms/clientPayload.ts'
import { receiptOf, type Receipt } from '../../forms/receipt.ts'
import type { PreparedForm } from '../../forms/prepared.ts'
import { Heading } from '../../views/Heading.tsx'
import { ReceiptLines } from '../../views/ReceiptLines.tsx'
import { ReceiptPdfForm } from '../../views/ReceiptPdfForm.tsx'
import { Aviso } from './Aviso.tsx'
import { ErrorSummary } from './ErrorSummary.tsx'
import { FieldList } from './FieldList.tsx'
import { useDefinedForm } from './useDefinedForm.ts'

interface Message {
  text: string
  key: number
  /** The filing's receipt (number, date and time, due date, code), when the answer carries one. */
  receipt?: Receipt
  /** Whether the mail server accepted the receipt for the citizen's address (the server says; never assumed). */
  emailed?: boolean
}

/** Asked once when a receipt that went to no e-mail address is closed (docs/decisions/forms.md). */
export const CLOSE_RECEIPT_QUESTION =
  '¿Ya anotó o imprimió el número de radicado y el código de verificación? No se enviaron por correo y sin ellos no podrá consultar su solicitud en línea.'

/**
 * A form of manifest/forms/ submitted to its endpoint (json or multipart).
 * `pagina`: full form with the error summary; `pie`: the footer's compact
 * newsletter form (no summary, focus goes to the first invalid field).
 */
export function ApiForm({ prepared, variant = 'pagina', titulo }: { prepared: PreparedForm; variant?: 'pagina' | 'pie'; titulo?: string }) {
  const def = prepared.definition
  const f = useDefinedForm(prepared, { summary: variant === 'pagina' })
  const [success, setSuccess] = useState<Message | null>(null)
  const [failure, setFailure] = useState<Message | null>(null)
  // The last receipt stays on the page after its message is closed (docs/decisions/forms.md).
  const [kept, setKept] = useState<Message | null>(null)
  const busy = useRef(false)
  const titleId = `${def.id}-titulo`
  const { isSubmitting } = f.form.formState

  const submit = f.onSubmit(async (payload, values) => {
    if (busy.current || !def.endpoint) return false
    busy.current = true
    setSuccess(null)
    setFailure(null)
    try {
      const answer = await postForm(def.endpoint, requestBody(def, payload, values))
      const receipt = receiptOf(answer)
      const message = { text: successText(def, filingNumber(answer)), key: Date.now(), receipt, emailed: receipt?.correo === 'enviado' }
      setSuccess(message)
      setKept(message.receipt ? message : null)
      return true
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError('server', FAILURE_MESSAGES.server)
      f.applyFieldErrors(err.fields)
      setFailure({ text: err.message, key: Date.now() })
      return false
    } finally {
      busy.current = false
    }
  })

  const focusFirstField = () => {
    const first = def.campos.find(c => c.control !== 'hidden')
    if (first) document.getElementById(f.idFor(first.nombre))?.focus()
  }

  return (
    <section className={`formulario formulario-${variant}`} aria-labelledby={titleId}>
      <Heading id={titleId}>{titulo ?? def.titulo}</Heading>
      {def.descripcion && variant === 'pagina' && <p className="descripcion-formulario">{def.descripcion}</p>}
      {success && (
        <Aviso
          key={success.key}
          kind="exito"
          onClose={() => {
            if (success.receipt && !success.emailed && !window.confirm(CLOSE_RECEIPT_QUESTION)) return
            setSuccess(null)
            focusFirstField()
          }}
        >
          {success.receipt ? (
            <div className="recibo">
              <p>{success.text}</p>
              <ReceiptLines receipt={success.receipt} />
              <button type="button" className="secondary imprimir" onClick={() => window.print()}>
                Imprimir recibo
              </button>
              <ReceiptPdfForm receipt={success.receipt} />
            </div>
          ) : (
            success.text
          )}
        </Aviso>
      )}
      {!success && kept?.receipt && (
        <section className="recibo recibo-guardado" aria-label="Su último recibo">
          <p>
            <strong>Su recibo:</strong> número de radicado {kept.receipt.id}, código de verificación{' '}
            <span className="codigo-verificacion">{kept.receipt.codigo}</span>.
          </p>
          <button type="button" className="secondary imprimir" onClick={() => window.print()}>
            Imprimir recibo
          </button>
          <ReceiptPdfForm receipt={kept.receipt} />
        </section>
      )}
      {failure && (
        <Aviso key={failure.key} kind="error" onClose={() => setFailure(null)}>
          {failure.text}
        </Aviso>
      )}
      <ErrorSummary f={f} />
      <form
        ref={f.formRef}
        noValidate
        method="post"
        action={def.endpoint}
        // Without script a form with attachments must post its files: multipart (the server takes both).
        encType={def.envio === 'multipart' || def.campos.some(c => c.control === 'archivos') ? 'multipart/form-data' : undefined}
        aria-labelledby={titleId}
        onSubmit={submit}
        onFocus={f.warmUp}
      >
        <FieldList f={f} compact={variant === 'pie'} />
        <button type="submit" aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Enviando…' : def.botonEnviar}
        </button>
      </form>
    </section>
  )
}
