import { parse } from 'node-html-parser'
import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import type { Constancia } from '../../src/server/features/office/radicacion/constancia.ts'
import { ConstanciaPage } from '../../src/server/features/office/radicacion/views/ConstanciaPage.tsx'
import { RegisterFormPage } from '../../src/server/features/office/radicacion/views/RegisterPages.tsx'
import { AuditPage } from '../../src/server/features/office/views/AuditPage.tsx'
import { FilingPage, type FilingView } from '../../src/server/features/office/views/FilingPage.tsx'
import { InboxPage } from '../../src/server/features/office/views/InboxPage.tsx'
import type { PageContext } from '../../src/server/features/office/views/OfficeShell.tsx'
import type { AccountRow } from '../../src/server/store/office.ts'
import { NativeFieldErrors } from '../../src/server/views/NativeAnswers.tsx'
import { renderDocument } from '../../src/server/views/ServerDocument.tsx'

/**
 * The pages only the server writes (office, no-script answers) are React components
 * (docs/decisions/testing.md): what staff or citizens typed must come out as text, never as
 * markup, with no escape function of our own. Each page gets a value that opens a
 * script and one that tries to break out of an attribute.
 */
const SCRIPT = '<script>alert(1)</script>'
const BREAK_OUT = '" autofocus onfocus="alert(2)'

const account = { id: 1, correo: 'a@hospital.gov.co', nombre: SCRIPT, rol: 'admin', clave: '', activa: true, creadaEn: '' } as AccountRow
const ctx: PageContext = { siteName: 'E.S.E. Hospital', styles: ['/_app/site.css'], account, xsrf: 'token' }

/** The page as the server sends it, checked for both injections; returns the parsed page. */
function safe(page: ReactElement) {
  // The one script a server page may name is the print button's own file (no inline script: the CSP).
  const html = renderDocument(page).replaceAll('<script src="/imprimir.js" defer=""></script>', '')
  expect(html).toMatch(/^<!doctype html>\n<html lang="es"/)
  expect(html).not.toContain('<script')
  const doc = parse(html)
  expect(doc.querySelectorAll('script')).toHaveLength(0)
  // No attribute was added by what was typed: a value that breaks out of its quotes would add these two.
  const attributes = doc.querySelectorAll('*').flatMap(e => Object.keys(e.attributes))
  expect(attributes.filter(a => /^on|^autofocus$/i.test(a))).toEqual([])
  expect(doc.textContent).toContain(SCRIPT)
  return doc
}

const filing: FilingView = {
  radicado: 'PQRS-2026-000001',
  formTitle: 'PQRSD',
  tipo: SCRIPT,
  recibido: '2026-03-25T15:05:00Z',
  tramite: {
    radicado: 'PQRS-2026-000001',
    estado: 'radicada',
    diasHabiles: 15,
    vence: '2026-04-17',
    venceOriginal: '2026-04-17',
    venceMaximo: '2026-05-12',
    venceTraslado: '2026-03-30',
    ampliada: false,
  },
  diasHabilesRestantes: 10,
  vencida: false,
  fields: [{ nombre: 'mensaje', etiqueta: 'Mensaje', valor: SCRIPT }],
  attachments: [{ indice: 0, nombre: `${SCRIPT}.pdf`, tamano: 2048 }],
  history: [
    { id: 1, radicado: 'PQRS-2026-000001', accion: 'trasladar', estadoNuevo: 'trasladada', en: '2026-03-26T10:00:00Z', entidad: SCRIPT, texto: SCRIPT },
  ],
  today: '2026-03-26',
  // A refused forward shows what staff typed again, inside an attribute.
  error: { message: 'Revise los datos', fields: { entidad: SCRIPT }, accion: 'trasladar' },
  values: { entidad: BREAK_OUT, texto: SCRIPT },
}

describe('pages the server writes escape what people typed', () => {
  it('the filing page: fields, attachments, history, the refused action and the account name', () => {
    const doc = safe(<FilingPage ctx={ctx} v={filing} />)
    expect(doc.querySelector('#trasladar-entidad')?.getAttribute('value')).toBe(BREAK_OUT)
    expect(doc.querySelector('#trasladar-texto')?.textContent).toBe(SCRIPT)
    expect(doc.querySelector('.oficina-cuenta')?.textContent).toBe(SCRIPT)
  })

  it('the inbox and the audit log', () => {
    const item = {
      radicado: 'PQRS-2026-000001',
      formulario: 'pqrsd',
      tipo: SCRIPT,
      estado: 'radicada' as const,
      recibido: '2026-03-25T15:05:00Z',
      vence: '2026-04-17',
    }
    const counts = { radicada: 1, en_tramite: 0, respondida: 0, trasladada: 0, cerrada: 0 }
    const inbox = {
      items: [{ ...item, diasHabilesRestantes: 3, ampliada: false, vencida: false }],
      counts,
      filter: { tipo: BREAK_OUT },
      forms: [],
      tipos: [BREAK_OUT],
    }
    expect(
      safe(<InboxPage ctx={ctx} v={inbox} />)
        .querySelector('#filtro-tipo option[selected]')
        ?.getAttribute('value'),
    ).toBe(BREAK_OUT)
    const rows = [{ id: 1, en: '2026-03-25T15:05:00Z', evento: 'acceso_fallido', correo: SCRIPT, detalle: SCRIPT }]
    expect(
      safe(<AuditPage ctx={ctx} rows={rows} since={BREAK_OUT} />)
        .querySelector('#auditoria-desde')
        ?.getAttribute('value'),
    ).toBe(BREAK_OUT)
  })

  it('the office registration form typed again, and the constancia', () => {
    const form = {
      id: 'pqrsd',
      titulo: 'PQRSD',
      campos: [
        { nombre: 'nombre', etiqueta: 'Nombre', control: 'text' },
        { nombre: 'mensaje', etiqueta: 'Mensaje', control: 'textarea' },
      ],
    } as never
    const v = { form, lookups: { listas: {} } as never, today: '2026-03-26', earliest: '2026-02-20', values: { nombre: BREAK_OUT, mensaje: SCRIPT } }
    const doc = safe(<RegisterFormPage ctx={ctx} v={{ ...v, error: { message: SCRIPT, fields: { nombre: SCRIPT } } }} />)
    expect(doc.querySelector('#radicar-nombre')?.getAttribute('value')).toBe(BREAK_OUT)
    const c = { radicado: 'PQRS-2026-000002', codigo: 'ABCDE-FGHJK', recibido: '2026-03-26T10:05:00-05:00', vence: '2026-04-17', diasHabiles: 15 }
    const constancia = { ...c, canal: 'escrito', formulario: 'PQRSD', tipo: 'Petición', funcionario: SCRIPT, entidad: 'E.S.E.', consultaUrl: '/pqrsd/consulta' }
    safe(<ConstanciaPage ctx={ctx} c={{ ...constancia, campos: [{ etiqueta: 'Mensaje', valor: SCRIPT }] } as Constancia} pdfUrl="/x.pdf" />)
  })

  it("the answer to a citizen's form posted without script", () => {
    const frame = { siteName: 'E.S.E. Hospital', styles: ['/_app/site.css'] }
    const doc = safe(<NativeFieldErrors frame={frame} titulo="PQRSD" items={[{ label: 'Mensaje', message: SCRIPT }]} back={`/pqrsd${BREAK_OUT}`} />)
    expect(doc.querySelector('nav a')?.getAttribute('href')).toBe(`/pqrsd${BREAK_OUT}`)
  })
})
