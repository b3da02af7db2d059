import type { ReactNode } from 'react'
import { ACTION_LABEL, allowedActions, type OfficeAction, type Tramite } from '../../../../filings/states.ts'
import { dayLong } from '../format.ts'
import type { FilingView } from './filingViewTypes.ts'
import { FieldError, type PageContext, Xsrf } from './OfficeShell.tsx'

/**
 * The forms of the actions on one filing: only those the state and the law
 * allow now (the server checks again). After a refused action its form shows
 * what was typed and, under each field, what to fix.
 */

/** A refused attempt of one action shown again: the values typed, and the message of each field that failed. */
function attempt(v: FilingView, accion: OfficeAction) {
  const mine = v.error?.accion === accion
  const message = (name: string) => (mine ? v.error?.fields[name] : undefined)
  return {
    value: (name: string) => (mine ? (v.values?.[name] ?? '') : ''),
    /** aria-invalid and aria-describedby for a field that failed. */
    invalid: (name: string) => (message(name) ? { 'aria-invalid': true as const, 'aria-describedby': `error-${accion}-${name}` } : {}),
    error: (name: string) => <FieldError id={`error-${accion}-${name}`} message={message(name)} />,
  }
}

/** One action's form; with a title, a form of its own fields (the title names it), without, one button. */
function ActionForm(props: { ctx: PageContext; v: FilingView; accion: OfficeAction; title?: string; multipart?: boolean; children?: ReactNode }) {
  const titled = props.title !== undefined
  return (
    <form
      method="post"
      action={`/api/oficina/radicaciones/${props.v.radicado}/acciones`}
      encType={props.multipart ? 'multipart/form-data' : undefined}
      className="accion"
      aria-labelledby={titled ? `titulo-${props.accion}` : undefined}
    >
      {titled && <h3 id={`titulo-${props.accion}`}>{props.title}</h3>}
      <Xsrf token={props.ctx.xsrf} />
      <input type="hidden" name="accion" value={props.accion} />
      {titled ? props.children : <button type="submit">{ACTION_LABEL[props.accion]}</button>}
    </form>
  )
}

function Answer({ ctx, v }: { ctx: PageContext; v: FilingView }) {
  const a = attempt(v, 'responder')
  return (
    <ActionForm ctx={ctx} v={v} accion="responder" title="Responder" multipart>
      <label htmlFor="responder-texto">Texto de la respuesta *</label>
      <textarea id="responder-texto" name="texto" rows={8} required defaultValue={a.value('texto')} {...a.invalid('texto')} />
      {a.error('texto')}
      <label htmlFor="responder-archivo">Respuesta en PDF (opcional, máximo 10 MB)</label>
      <input id="responder-archivo" name="archivo" type="file" accept="application/pdf" {...a.invalid('archivo')} />
      {a.error('archivo')}
      <label htmlFor="responder-negada">
        <input id="responder-negada" name="negada" type="checkbox" aria-describedby="ayuda-negada" defaultChecked={a.value('negada') !== ''} />
        {' La respuesta niega lo solicitado'}
      </label>
      <small id="ayuda-negada">
        Márquelo si la respuesta rechaza la petición o niega el acceso a la información. Se cuenta como «negada» en el informe público de solicitudes (Decreto
        103 de 2015, art. 52).
      </small>
      <button type="submit">Enviar respuesta</button>
    </ActionForm>
  )
}

function Forward({ ctx, v }: { ctx: PageContext; v: FilingView }) {
  const a = attempt(v, 'trasladar')
  const t = v.tramite
  return (
    <ActionForm ctx={ctx} v={v} accion="trasladar" title="Trasladar a otra entidad">
      <p>
        {`Término de traslado (Ley 1755 de 2015, art. 21): hasta el ${dayLong(t.venceTraslado)}.`}
        {v.today > t.venceTraslado && ' '}
        {v.today > t.venceTraslado && <strong>Ese término ya pasó: el traslado quedará registrado como tardío.</strong>}
      </p>
      <label htmlFor="trasladar-entidad">Entidad competente *</label>
      <input id="trasladar-entidad" name="entidad" type="text" maxLength={300} required defaultValue={a.value('entidad')} {...a.invalid('entidad')} />
      {a.error('entidad')}
      <label htmlFor="trasladar-texto">Motivo del traslado *</label>
      <textarea id="trasladar-texto" name="texto" rows={4} required defaultValue={a.value('texto')} {...a.invalid('texto')} />
      {a.error('texto')}
      <button type="submit">Trasladar</button>
    </ActionForm>
  )
}

function Extend({ ctx, v }: { ctx: PageContext; v: FilingView }) {
  const a = attempt(v, 'ampliar')
  const t = v.tramite
  return (
    <ActionForm ctx={ctx} v={v} accion="ampliar" title="Ampliar el término">
      <p>{`Solo antes del vencimiento (${dayLong(t.venceOriginal)}) y como máximo hasta el ${dayLong(t.venceMaximo)} (el doble del término).`}</p>
      <label htmlFor="ampliar-texto">Motivo de la ampliación *</label>
      <textarea id="ampliar-texto" name="texto" rows={4} required defaultValue={a.value('texto')} {...a.invalid('texto')} />
      {a.error('texto')}
      <label htmlFor="ampliar-nuevaFecha">Nueva fecha de respuesta *</label>
      <input
        id="ampliar-nuevaFecha"
        name="nuevaFecha"
        type="date"
        required
        min={t.vence}
        max={t.venceMaximo}
        defaultValue={a.value('nuevaFecha')}
        {...a.invalid('nuevaFecha')}
      />
      {a.error('nuevaFecha')}
      <button type="submit">Ampliar término</button>
    </ActionForm>
  )
}

export function ActionForms({ ctx, v }: { ctx: PageContext; v: FilingView }) {
  const t = v.tramite
  const tramite: Tramite = { estado: t.estado, vence: t.vence, venceOriginal: t.venceOriginal, venceMaximo: t.venceMaximo, ampliada: t.ampliada }
  const can = new Set(allowedActions(tramite, v.today))
  if (can.size === 0) return <p>Esta radicación no admite más acciones.</p>
  return (
    <>
      {can.has('en_tramite') && <ActionForm ctx={ctx} v={v} accion="en_tramite" />}
      {can.has('responder') && <Answer ctx={ctx} v={v} />}
      {can.has('trasladar') && <Forward ctx={ctx} v={v} />}
      {can.has('ampliar') && <Extend ctx={ctx} v={v} />}
      {can.has('cerrar') && <ActionForm ctx={ctx} v={v} accion="cerrar" />}
    </>
  )
}
