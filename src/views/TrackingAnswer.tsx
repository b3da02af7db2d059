import type { Ref } from 'react'
import { TRACKING_FIELDS, TRACKING_PDF, TRACKING_TEXT as T, type TrackingAnswer as Answer } from '../filings/tracking.ts'
import { spanishDateTime, spanishDay } from '../forms/receipt.ts'

/**
 * The answer of a tracking lookup (/pqrsd/consulta) as the page's script shows it
 * (src/renderer/sections/consulta/Consulta.tsx) and as the server writes it into the
 * page for a lookup without script (src/server/features/tracking/): one component.
 */
export function TrackingAnswer({ a, codigo, sectionRef }: { a: Answer; codigo: string; sectionRef?: Ref<HTMLElement> }) {
  return (
    <section ref={sectionRef} className="resultado-consulta" aria-labelledby="resultado-consulta-titulo" role="status" tabIndex={-1}>
      <h2 id="resultado-consulta-titulo">{T.titulo(a.radicado)}</h2>
      <dl className="datos-consulta">
        <dt>{T.estado}</dt>
        <dd>
          <strong className="estado-consulta">{a.estadoTexto}</strong>. {a.explicacion}
        </dd>
        <dt>{T.recibido}</dt>
        <dd>{spanishDateTime(a.recibido)}</dd>
        <dt>{T.vence}</dt>
        <dd>
          {spanishDay(a.vence)}
          {a.venceOriginal && ` ${T.ampliada(spanishDay(a.venceOriginal))}`}
        </dd>
        {a.respondido && (
          <>
            <dt>{T.respondido}</dt>
            <dd>{spanishDateTime(a.respondido)}</dd>
          </>
        )}
        {a.trasladadaA && (
          <>
            <dt>{T.trasladadaA}</dt>
            <dd>{a.trasladadaA}</dd>
          </>
        )}
      </dl>
      {a.respuesta !== undefined && (
        <>
          <h3>{T.respuesta}</h3>
          <div className="texto-respuesta">{a.respuesta}</div>
          {a.respuestaPdf && (
            // A plain form: the download is the browser's own navigation, with the number and code in the body, never in an address.
            <form method="post" action={TRACKING_PDF} className="descarga-respuesta">
              <input type="hidden" name={TRACKING_FIELDS.radicado} value={a.radicado} />
              <input type="hidden" name={TRACKING_FIELDS.codigo} value={codigo} />
              <button type="submit" className="secondary">
                {`${T.descargarPdf} (${Math.max(1, Math.ceil(a.respuestaPdf.tamano / 1024))} KB)`}
              </button>
            </form>
          )}
        </>
      )}
      {a.escalamiento && <p className="escalamiento">{a.escalamiento}</p>}
    </section>
  )
}

/** A failed lookup: the message and, when fields were missing, what each one needs. */
export function TrackingFailure({ message, details = [], boxRef }: { message: string; details?: string[]; boxRef?: Ref<HTMLDivElement> }) {
  return (
    <div ref={boxRef} className="aviso-formulario aviso-error resultado-consulta" role="alert" tabIndex={-1}>
      <div className="aviso-texto">
        <p>{message}</p>
        {details.length > 0 && (
          <ul>
            {details.map(d => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
