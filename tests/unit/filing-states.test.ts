import { describe, expect, it } from 'vitest'
import { OFFICE_ACTIONS, allowedActions, applyAction, ESTADOS, type OfficeAction, type Estado, type Tramite } from '../../src/filings/states.ts'

const base: Tramite = { estado: 'radicada', vence: '2026-04-17', venceOriginal: '2026-04-17', venceMaximo: '2026-05-11', ampliada: false }
const TODAY = '2026-04-01'
/** A complete, valid input for each action. */
const INPUT: Record<OfficeAction, { accion: OfficeAction; texto?: string; entidad?: string; nuevaFecha?: string }> = {
  en_tramite: { accion: 'en_tramite' },
  responder: { accion: 'responder', texto: 'Su solicitud fue atendida.' },
  trasladar: { accion: 'trasladar', entidad: 'Secretaría de Salud Departamental', texto: 'Es de su competencia.' },
  ampliar: { accion: 'ampliar', texto: 'Se requiere concepto técnico.', nuevaFecha: '2026-04-30' },
  cerrar: { accion: 'cerrar' },
}

/** The whole table of the issue: radicada → en_tramite → respondida | trasladada → cerrada; ampliar keeps the state. */
const EXPECTED: Record<Estado, Partial<Record<OfficeAction, Estado>>> = {
  radicada: { en_tramite: 'en_tramite', responder: 'respondida', trasladar: 'trasladada', ampliar: 'radicada' },
  en_tramite: { responder: 'respondida', trasladar: 'trasladada', ampliar: 'en_tramite' },
  respondida: { cerrar: 'cerrada' },
  trasladada: { cerrar: 'cerrada' },
  cerrada: {},
}

describe('filing state machine', () => {
  for (const estado of ESTADOS) {
    for (const accion of OFFICE_ACTIONS) {
      const to = EXPECTED[estado][accion]
      it(`${estado} + ${accion} → ${to ?? 'refused'}`, () => {
        const result = applyAction({ ...base, estado }, INPUT[accion], TODAY)
        if (to) {
          expect(result).toMatchObject({ ok: true, accion, next: { estado: to } })
        } else {
          expect(result.ok).toBe(false)
          if (!result.ok) expect(result.error).toMatch(/^(No se puede «|La radicación está cerrada)/)
        }
      })
    }
  }

  it('refuses an unknown action in Spanish', () => {
    expect(applyAction(base, { accion: 'borrar' }, TODAY)).toMatchObject({ ok: false, error: 'La acción no es válida.' })
  })

  it('an answer needs its text; a forward needs the entity and the reason', () => {
    expect(applyAction(base, { accion: 'responder', texto: '   ' }, TODAY)).toMatchObject({ ok: false, fields: { texto: 'La respuesta es obligatoria.' } })
    const r = applyAction(base, { accion: 'trasladar' }, TODAY)
    expect(r).toMatchObject({ ok: false, fields: { entidad: expect.any(String), texto: expect.any(String) } })
  })

  it('an extension sets the flag and the new date, keeps the state', () => {
    const r = applyAction({ ...base, estado: 'en_tramite' }, INPUT.ampliar, TODAY)
    expect(r).toMatchObject({ ok: true, next: { estado: 'en_tramite', vence: '2026-04-30', venceOriginal: '2026-04-17', ampliada: true } })
  })

  it('refuses an extension after the original due date', () => {
    expect(applyAction(base, INPUT.ampliar, '2026-04-18')).toMatchObject({ ok: false, error: expect.stringContaining('venció el 17/04/2026') })
    // On the due date itself it is still in time.
    expect(applyAction(base, INPUT.ampliar, '2026-04-17').ok).toBe(true)
  })

  it('refuses an extension beyond twice the term, before the current date, or a second one', () => {
    expect(applyAction(base, { ...INPUT.ampliar, nuevaFecha: '2026-05-12' }, TODAY)).toMatchObject({
      ok: false,
      fields: { nuevaFecha: expect.stringContaining('11/05/2026') },
    })
    expect(applyAction(base, { ...INPUT.ampliar, nuevaFecha: '2026-05-11' }, TODAY).ok).toBe(true)
    expect(applyAction(base, { ...INPUT.ampliar, nuevaFecha: '2026-04-17' }, TODAY)).toMatchObject({ ok: false, fields: { nuevaFecha: expect.any(String) } })
    expect(applyAction(base, { ...INPUT.ampliar, nuevaFecha: '2026-02-30' }, TODAY)).toMatchObject({
      ok: false,
      fields: { nuevaFecha: 'Indique la nueva fecha como AAAA-MM-DD.' },
    })
    expect(applyAction({ ...base, ampliada: true, vence: '2026-04-30' }, INPUT.ampliar, TODAY)).toMatchObject({
      ok: false,
      error: expect.stringContaining('ya fue ampliado'),
    })
  })
})

describe('allowedActions (what the office page offers)', () => {
  it('follows the table and the extension rules', () => {
    expect(allowedActions(base, TODAY)).toEqual(['en_tramite', 'responder', 'trasladar', 'ampliar'])
    expect(allowedActions({ ...base, estado: 'en_tramite' }, '2026-04-18')).toEqual(['responder', 'trasladar'])
    expect(allowedActions({ ...base, estado: 'en_tramite', ampliada: true, vence: '2026-04-30' }, TODAY)).toEqual(['responder', 'trasladar'])
    expect(allowedActions({ ...base, estado: 'respondida' }, TODAY)).toEqual(['cerrar'])
    expect(allowedActions({ ...base, estado: 'cerrada' }, TODAY)).toEqual([])
  })
})
