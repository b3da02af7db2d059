import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcess, validPqrs, type RunningServer } from './helpers.ts'

/**
 * Without script, a form sent with an error comes back as the form itself, inside the site's frame, filled in with
 * everything typed, with the error summary and each field's message (GOV.UK's pattern; docs/decisions/filings.md).
 * The confirmation shares the frame.
 */

let server: RunningServer
beforeAll(async () => {
  server = await startInProcess({ label: 'formulario-sin-script' })
})
afterAll(async () => server?.close())

/** A PQRSD posted as a browser without script posts it, from its page; the 303 is not followed. */
function postWithoutScript(fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/pqrs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.url, referer: `${server.url}/pqrsd` },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

const asStrings = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))

describe('a form posted without script with an error', () => {
  it('comes back filled in with every typed value, the summary and the field messages, in the site frame', async () => {
    // The reply by e-mail with no e-mail, and a name that could break out of an attribute: both typed, both kept.
    const typed = asStrings(
      validPqrs({
        tipoSolicitud: 3,
        tipoIdentificacion: 4,
        numeroIdentificacion: 'AB123456',
        nombre: 'Ana "<b>" & Cía',
        correoElectronico: '',
        tipoRespuesta: 1,
        mensaje: 'Línea uno.\n</textarea><script>alert(1)</script>',
      }),
    )
    const res = await postWithoutScript(typed)
    expect(res.status).toBe(400)
    const html = await res.text()
    const doc = parse(html)
    // The site's own frame: GOV.CO bar, header, footer; no «Atrás»; no script that would redraw an empty form.
    expect(doc.querySelector('.barra-govco')).not.toBeNull()
    expect(doc.querySelector('header.cabecera')).not.toBeNull()
    expect(doc.querySelector('footer.pie')).not.toBeNull()
    expect(html).not.toContain('Atrás')
    expect(doc.querySelectorAll('script')).toHaveLength(0)
    expect(doc.querySelector('title')?.textContent).toMatch(/^Error: /)
    const form = doc.querySelector('form[action="/api/pqrs"]')!
    expect(form).not.toBeNull()
    // Every typed value, «Número de documento» (autocomplete=off) included.
    expect(form.querySelector('#pqrsd-numeroIdentificacion')?.getAttribute('value')).toBe('AB123456')
    expect(form.querySelector('#pqrsd-nombre')?.getAttribute('value')).toBe('Ana "<b>" & Cía')
    expect(form.querySelector('#pqrsd-apellido')?.getAttribute('value')).toBe(typed.apellido)
    expect(form.querySelector('#pqrsd-direccion')?.getAttribute('value')).toBe(typed.direccion)
    expect(form.querySelector('#pqrsd-telefono')?.getAttribute('value')).toBe(typed.telefono)
    for (const name of ['tipoSolicitud', 'tipoPersona', 'tipoIdentificacion', 'tipoRespuesta'])
      expect(form.querySelector(`#pqrsd-${name} option[selected]`)?.getAttribute('value'), name).toBe(typed[name])
    expect(form.querySelector('#pqrsd-mensaje')?.textContent).toBe(typed.mensaje)
    expect(form.querySelector('#pqrsd-autorizacionDatos')?.hasAttribute('checked')).toBe(true)
    // The typed markup stays text: no element came from it.
    expect(doc.querySelectorAll('b')).toHaveLength(0)
    // The summary before the form links to the field; the field carries its message.
    const summary = doc.querySelector('.resumen-errores')!
    expect(summary.querySelector('a')?.getAttribute('href')).toBe('#pqrsd-correoElectronico')
    expect(summary.textContent).toContain('La dirección de correo es obligatoria')
    const email = form.querySelector('#pqrsd-correoElectronico')!
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toContain('pqrsd-correoElectronico-error')
    expect(doc.querySelector('#pqrsd-correoElectronico-error')?.textContent).toBe('La dirección de correo es obligatoria')
  })

  it('the confirmation shares the frame, and tells how to print without Ctrl+P', async () => {
    const res = await postWithoutScript(asStrings(validPqrs({ tipoRespuesta: 2, correoElectronico: '' })))
    expect(res.status).toBe(303)
    const page = await fetch(`${server.url}${res.headers.get('location')}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    const doc = parse(html)
    expect(doc.querySelector('.barra-govco')).not.toBeNull()
    expect(doc.querySelector('header.cabecera')).not.toBeNull()
    expect(doc.querySelector('footer.pie')).not.toBeNull()
    expect(doc.querySelector('main .recibo')?.textContent).toContain('Código de verificación')
    expect(html).toContain('«Imprimir»')
    expect(html).not.toContain('Ctrl+P')
  })
})
