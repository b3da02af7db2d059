import type { ReactNode } from 'react'
import type { Receipt } from '../../forms/receipt.ts'
import { PrintButton } from '../../views/PrintButton.tsx'
import { ReceiptLines } from '../../views/ReceiptLines.tsx'
import { ReceiptPdfForm } from '../../views/ReceiptPdfForm.tsx'
import { MSG } from '../http/messages.ts'
import { ServerDocument } from './ServerDocument.tsx'

/**
 * The pages a citizen's form posted without script gets back (nativePages.ts
 * decides which and with what status): the confirmation, the field errors and
 * any other failure, each with a way back to the form and to the home page.
 */

export interface NativeFrame {
  siteName: string
  styles: readonly string[]
}

function NativePage({ frame, title, children }: { frame: NativeFrame; title: string; children: ReactNode }) {
  return (
    <ServerDocument title={`${title} | ${frame.siteName}`} styles={frame.styles} robots="noindex">
      <main id="contenido" className="container">
        {children}
      </main>
    </ServerDocument>
  )
}

function BackLinks({ back, label }: { back: string; label: string }) {
  return (
    <nav aria-label="Enlaces">
      <ul>
        {back !== '/' && (
          <li>
            <a href={back}>{label}</a>
          </li>
        )}
        <li>
          <a href="/">Ir a la página de inicio</a>
        </li>
      </ul>
    </nav>
  )
}

export interface ConfirmationProps {
  frame: NativeFrame
  titulo: string
  /** The form's success text with its number, verbatim (the spec's `exito`). */
  text: string
  subscription: boolean
  receipt?: Receipt
  back: string
}

export function NativeConfirmation(props: ConfirmationProps) {
  return (
    <NativePage frame={props.frame} title="Solicitud recibida">
      <ConfirmationBody {...props} />
    </NativePage>
  )
}

/** The confirmation's content: on its own page, or inside the site's frame (sitePageFrame.ts). */
export function ConfirmationBody({ titulo, text, subscription, receipt, back }: Omit<ConfirmationProps, 'frame'>) {
  return (
    <>
      <h1>{titulo}</h1>
      <div className="aviso-formulario aviso-exito recibo" role="status">
        <div className="aviso-texto">
          <p>{text}</p>
          {receipt && <ReceiptLines receipt={receipt} />}
        </div>
      </div>
      {!subscription && <p>{receipt ? MSG.nativePrint : MSG.nativeKeepNumber}</p>}
      {!subscription && receipt && <PrintButton label="Imprimir recibo" />}
      {!subscription && receipt && <ReceiptPdfForm receipt={receipt} />}
      <BackLinks back={back} label={subscription ? 'Volver a la página anterior' : 'Volver a la página del formulario'} />
    </>
  )
}

/**
 * The error summary of a form sent back filled in (GOV.UK pattern): each message links to its field. An alert, so
 * a screen reader reads it on arrival, since without script nothing can move the focus to it.
 */
export function RefillSummary({ formId, items, reattach }: { formId: string; items: Array<{ targetId: string; message: string }>; reattach: boolean }) {
  const titleId = `${formId}-resumen-errores`
  return (
    <section className="resumen-errores" role="alert" aria-labelledby={titleId}>
      <h3 id={titleId}>Hay errores en el formulario</h3>
      <p>{MSG.nativeFixAndResend}</p>
      <ul>
        {items.map(i => (
          <li key={i.targetId}>
            <a href={`#${i.targetId}`}>{i.message}</a>
          </li>
        ))}
      </ul>
      {reattach && <p>{MSG.nativeReattach}</p>}
    </section>
  )
}

/** A field's message in a form sent back, as the page's script shows it. */
export function RefillFieldMessage({ id, message }: { id: string; message: string }) {
  return (
    <small id={id} className="mensaje-error">
      {message}
    </small>
  )
}

/** 400 with the message of each field, by its label when the form has one. */
export function NativeFieldErrors({
  frame,
  titulo,
  items,
  back,
}: {
  frame: NativeFrame
  titulo: string
  items: Array<{ label?: string; message: string }>
  back: string
}) {
  return (
    <NativePage frame={frame} title="Hay errores en el formulario">
      <h1>{titulo}</h1>
      <div className="resumen-errores" role="alert" aria-labelledby="titulo-errores">
        <h2 id="titulo-errores">Hay errores en el formulario</h2>
        <ul>
          {items.map(i => (
            <li key={`${i.label}:${i.message}`}>
              {i.label && <strong>{i.label}:</strong>}
              {i.label && ' '}
              {i.message}
            </li>
          ))}
        </ul>
      </div>
      <p>{MSG.nativeNotKept}</p>
      <p>{MSG.nativeFixAndResend}</p>
      <BackLinks back={back} label="Volver al formulario" />
    </NativePage>
  )
}

/** Any other refusal: its message, and what to do when there is something to do. */
export function NativeFailure({ frame, message, help, back }: { frame: NativeFrame; message: string; help?: string; back: string }) {
  return (
    <NativePage frame={frame} title="No se pudo enviar el formulario">
      <h1>No se pudo enviar el formulario</h1>
      <div className="aviso-formulario aviso-error" role="alert">
        <div className="aviso-texto">{message}</div>
      </div>
      {help && <p>{help}</p>}
      <BackLinks back={back} label="Volver al formulario" />
    </NativePage>
  )
}
