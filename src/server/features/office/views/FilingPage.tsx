import { ESTADO_LABEL } from '../../../../filings/states.ts'
import { CONSENT_FIELD, SENSITIVE_CONSENT_FIELD } from '../../../../manifest/privacyNotice.ts'
import { dateTime, day, dayLong, daysLeftText } from '../format.ts'
import { ActionForms } from './ActionForms.tsx'
import type { FilingView } from './filingViewTypes.ts'
import { HistoryTable } from './HistoryTable.tsx'
import { ErrorSummary, Notice, OfficePage, type PageContext } from './OfficeShell.tsx'

// The view's type lives apart so ActionForms.tsx can use it without importing this page back.
export type { FilingView } from './filingViewTypes.ts'

/** What staff read on an anonymous petition (docs/decisions/office.md). */
export const ANONYMOUS_NOTE =
  'Radicación anónima: no hay correo ni dirección para enviar la respuesta. La respuesta que registre aquí queda publicada en la consulta en línea, donde quien la radicó la lee con el número y el código de su recibo.'

function Term({ v }: { v: FilingView }) {
  const t = v.tramite
  const left = `${daysLeftText(v, v.tramite.vence)}${v.vencida ? ' (término vencido)' : ''}`
  return (
    <dl className="datos-radicacion">
      <dt>Formulario</dt>
      <dd>{v.formTitle}</dd>
      <dt>Tipo</dt>
      <dd>{v.tipo}</dd>
      <dt>Estado</dt>
      <dd>{ESTADO_LABEL[t.estado]}</dd>
      <dt>Recibido</dt>
      <dd>{dateTime(v.recibido)}</dd>
      {v.canal && <dt>Canal de recepción</dt>}
      {v.canal && <dd>{`${v.canal.etiqueta}${v.canal.registradaPor ? `, registrada por ${v.canal.registradaPor}` : ''}`}</dd>}
      {v.canal?.recibidaEl && <dt>Fecha de recepción del documento</dt>}
      {v.canal?.recibidaEl && <dd>{`${dayLong(v.canal.recibidaEl)} (el término cuenta desde ese día)`}</dd>}
      <dt>Término</dt>
      <dd>{`${t.diasHabiles} días hábiles${v.fundamento ? ` (${v.fundamento})` : ''}`}</dd>
      <dt>Vence</dt>
      <dd>{`${dayLong(t.vence)}${t.ampliada ? ` (ampliado; vencía el ${day(t.venceOriginal)})` : ''}`}</dd>
      <dt>Días hábiles restantes</dt>
      <dd>
        {v.vencida ? (
          <strong className="vencida">
            <span aria-hidden="true">⚠ </span>
            {left}
          </strong>
        ) : (
          left
        )}
      </dd>
      {t.respondidaEn && <dt>Respondida</dt>}
      {t.respondidaEn && <dd>{dateTime(t.respondidaEn)}</dd>}
    </dl>
  )
}

/** The filing's fields; the consent checkboxes read as one line with their proof (notice version and time) when stored. */
function Data({ v }: { v: FilingView }) {
  const shown = v.fields.filter(f => !(v.autorizacion && f.nombre === CONSENT_FIELD) && !(v.autorizacionSensibles && f.nombre === SENSITIVE_CONSENT_FIELD))
  const proof = (a: { version: string; en: string }) => `Sí: aviso de privacidad versión ${a.version}, ${dateTime(a.en)}`
  return (
    <dl className="datos-radicacion">
      {shown.flatMap(f => [
        <dt key={`${f.nombre}-k`}>{f.etiqueta}</dt>,
        <dd key={`${f.nombre}-v`} className="texto-largo">
          {f.valor}
        </dd>,
      ])}
      {v.autorizacion && <dt>Autorización de tratamiento de datos personales</dt>}
      {v.autorizacion && <dd>{proof(v.autorizacion)}</dd>}
      {v.autorizacionSensibles && <dt>Autorización expresa de datos sensibles</dt>}
      {v.autorizacionSensibles && <dd>{proof(v.autorizacionSensibles)}</dd>}
    </dl>
  )
}

function Attachments({ v }: { v: FilingView }) {
  if (v.attachments.length === 0) return null
  return (
    <>
      <h3>Adjuntos</h3>
      <ul>
        {v.attachments.map(a => (
          <li key={a.indice}>
            <a href={`/api/oficina/radicaciones/${v.radicado}/adjuntos/${a.indice}`} download>
              {a.nombre}
            </a>
            {` (${Math.ceil(a.tamano / 1024)} KB)`}
          </li>
        ))}
      </ul>
    </>
  )
}

export function FilingPage({ ctx, v }: { ctx: PageContext; v: FilingView }) {
  return (
    <OfficePage ctx={ctx} title={`Radicado ${v.radicado}`}>
      <p>
        <a href="/oficina">← Volver a la bandeja</a>
      </p>
      <h1>{`Radicado ${v.radicado}`}</h1>
      <Notice text={v.notice} />
      {v.error && <ErrorSummary message={v.error.message} fields={v.error.fields} idOf={n => `${v.error?.accion ?? 'responder'}-${n}`} />}
      <section aria-labelledby="titulo-termino">
        <h2 id="titulo-termino">Estado y término</h2>
        <Term v={v} />
      </section>
      <section aria-labelledby="titulo-datos">
        <h2 id="titulo-datos">Datos de la solicitud</h2>
        <Data v={v} />
        <Attachments v={v} />
      </section>
      <section aria-labelledby="titulo-acciones">
        <h2 id="titulo-acciones">Acciones</h2>
        {v.anonima && (
          <p className="aviso-anonima">
            <strong>Anónimo.</strong> {ANONYMOUS_NOTE}
          </p>
        )}
        <ActionForms ctx={ctx} v={v} />
      </section>
      <section aria-labelledby="titulo-historial">
        <h2 id="titulo-historial">Historial</h2>
        <HistoryTable history={v.history} radicado={v.radicado} />
      </section>
    </OfficePage>
  )
}
