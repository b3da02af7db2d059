import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PINNED_DAY } from '../helpers/testClock.ts'
import { dayTimestamp } from '../../src/manifest/colombiaTime.ts'
import { loadManifest } from '../../src/manifest/load.ts'
import { filingForms } from '../../src/manifest/filingForms.ts'
import { exportCsv } from '../../src/server/export.ts'
import {
  countRows,
  historiaFields,
  historiaForm,
  startInProcess,
  storedFiling,
  TINY_PDF,
  validCita,
  validPqrs,
  withStore,
  type RunningServer,
} from './helpers.ts'

/**
 * The forms posted without JavaScript (a browser navigation: url-encoded, or
 * multipart for the clinical record, no X-XSRF-TOKEN header, Accept text/html)
 * are answered with HTML pages, guarded by an Origin/Referer check.
 */

const { manifest } = loadManifest()
const forms = manifest.forms.map(f => f.data)
const form = (id: string) => forms.find(f => f.id === id)!

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'
const URLENCODED = 'application/x-www-form-urlencoded'

let server: RunningServer

beforeAll(async () => {
  server = await startInProcess({ label: 'nojs' })
})
afterAll(async () => {
  await server?.close()
})

/** Form values as a browser sends them: every value is text; an unchecked checkbox is left out. */
function encode(values: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) {
    if (v === false || v === undefined || v === null) continue
    params.append(k, v === true ? 'on' : String(v))
  }
  return params.toString()
}

function browserHeaders(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const out: Record<string, string> = { accept: BROWSER_ACCEPT, origin: server.url, referer: `${server.url}/pqrsd` }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k]
    else out[k] = v
  }
  return out
}

/**
 * Posts like a browser without JavaScript. A filing answers 303 to its
 * confirmation page (Post/Redirect/Get), which is then fetched with GET, as a
 * browser does; every other answer is returned as it is.
 */
async function postNative(path: string, body: string | FormData, extra: Record<string, string | undefined> = {}): Promise<Response> {
  const headers = browserHeaders(extra)
  if (typeof body === 'string') headers['content-type'] = URLENCODED
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body, redirect: 'manual' })
  if (res.status !== 303) return res
  const location = res.headers.get('location')!
  // The newsletter's confirmation carries no number (a repeated address looks like a new one).
  expect(location).toMatch(/^\/api\/radicado\?formulario=(suscripcion|[a-z-]+&id=[A-Z]+-\d{4}-\d{6,}&recibo=[A-Za-z0-9_-]{43})&volver=%2F/)
  return fetch(`${server.url}${location}`, { headers: { accept: 'text/html' }, redirect: 'manual' })
}

/** The visible text of an answer page, tags removed and entities decoded (enough for these pages). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

async function expectHtml(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/)
  expect(res.headers.get('cache-control')).toBe('no-store')
  const html = await res.text()
  // The server's own page or, for a form sent back and a confirmation, the site's built page in its frame.
  expect(html).toMatch(/^<!doctype html>\s*<html\b[^>]*\blang="es"/)
  expect(html).toMatch(/<title>[^<]+<\/title>/)
  // No inline script or style (the Content-Security-Policy); the one script allowed is the print button's own file.
  expect(html.replaceAll('<script src="/imprimir.js" defer=""></script>', '')).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i)
  return html
}

async function unchanged(fn: () => Promise<void>): Promise<void> {
  const before = await countRows(server.dataDir)
  await fn()
  expect(await countRows(server.dataDir)).toEqual(before)
}

describe('the confirmation page after a filing without JavaScript (Post/Redirect/Get)', () => {
  it('reloading the confirmation shows the number again and files nothing new', async () => {
    const res = await fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      headers: { ...browserHeaders({}), 'content-type': URLENCODED },
      body: encode(validPqrs()),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    const id = new URL(location, server.url).searchParams.get('id')!
    await unchanged(async () => {
      for (let i = 0; i < 3; i++) {
        const page = await fetch(`${server.url}${location}`)
        expect(textOf(await expectHtml(page, 200))).toContain(`PQRSD creado exitosamente con número de radicado: ${id}`)
      }
    })
  })

  it('shows nothing for a number that was never issued, or that belongs to another form', async () => {
    const issued = new URL(
      (
        await fetch(`${server.url}/api/cita`, {
          method: 'POST',
          headers: { ...browserHeaders({}), 'content-type': URLENCODED },
          body: encode(validCita()),
          redirect: 'manual',
        })
      ).headers.get('location')!,
      server.url,
    ).searchParams.get('id')!
    for (const query of [
      `formulario=pqrsd&id=PQRS-2026-999999`,
      `formulario=pqrsd&id=${issued}`,
      `formulario=otro&id=${issued}`,
      `formulario=cita&id=${issued}%3Cscript%3E`,
    ]) {
      expect((await fetch(`${server.url}/api/radicado?${query}`)).status).toBe(404)
    }
    expect((await fetch(`${server.url}/api/radicado?formulario=cita&id=${issued}`)).status).toBe(200)
  })

  it('links back only to pages of this site', async () => {
    const issued = new URL(
      (
        await fetch(`${server.url}/api/pqrs`, {
          method: 'POST',
          headers: { ...browserHeaders({}), 'content-type': URLENCODED },
          body: encode(validPqrs()),
          redirect: 'manual',
        })
      ).headers.get('location')!,
      server.url,
    ).searchParams.get('id')!
    for (const volver of ['https://evil.example/', '//evil.example/', '/api/pqrs', 'javascript:alert(1)']) {
      const html = await (await fetch(`${server.url}/api/radicado?formulario=pqrsd&id=${issued}&volver=${encodeURIComponent(volver)}`)).text()
      expect(html).not.toContain('evil.example')
      expect(html).not.toContain('javascript:')
      expect(html).toContain('href="/pqrsd"')
    }
  })
})

describe('url-encoded forms posted without JavaScript', () => {
  it('a PQRSD from the same origin answers 200 HTML with the exact success text; the filing is stored and exported', async () => {
    const res = await postNative('/api/pqrs', encode(validPqrs({ numeroIdentificacion: '1122334455', mensaje: 'Enviado sin JavaScript <b>&</b>' })))
    const html = await expectHtml(res, 200)
    const text = textOf(html)
    const match = /PQRSD creado exitosamente con número de radicado: (PQRS-\d{4}-\d{6,})/.exec(text)
    expect(match).not.toBeNull()
    const id = match![1]!
    expect(form('pqrsd').exito!.replace('{id}', id)).toBe(match![0])
    // Links back to the form's page and to the home page; the site's stylesheets.
    expect(html).toContain('href="/pqrsd"')
    expect(html).toContain('href="/"')
    expect(html).toMatch(/<link rel="stylesheet"[^>]* href="\/_app\/[^"]+\.css"\/?>/)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")

    await withStore(server.dataDir, async store => {
      const stored = (await store.listFilings('pqrs')).find(f => f.radicado === id)
      expect(stored?.datos).toEqual(validPqrs({ numeroIdentificacion: '1122334455', mensaje: 'Enviado sin JavaScript <b>&</b>' }))
      const csv = await exportCsv(store, filingForms(forms).find(f => f.form.id === 'pqrsd')!, manifest.lookups?.data)
      expect(csv).toContain(`"${id}"`)
      expect(csv).toContain('Enviado sin JavaScript <b>&</b>')
    })
  })

  it('without Origin, a same-origin Referer is enough', async () => {
    const res = await postNative('/api/pqrs', encode(validPqrs()), { origin: undefined })
    expect(textOf(await expectHtml(res, 200))).toMatch(/PQRSD creado exitosamente con número de radicado: PQRS-\d{4}-\d{6,}/)
  })

  it('the appointment without fechaCita gets the day of the request (Colombia)', async () => {
    for (const fechaCita of [undefined, '']) {
      const res = await postNative('/api/cita', encode(validCita({ fechaCita })), { referer: `${server.url}/citas` })
      const text = textOf(await expectHtml(res, 200))
      const id =
        /Solicitud de cita radicada exitosamente con número: (CITA-\d{4}-\d{6,})\. Nuestra institución tendrá 3 días hábiles para dar respuesta a su solicitud\./.exec(
          text,
        )?.[1]
      expect(id).toBeDefined()
      const stored = await storedFiling(server.dataDir, id!)
      // The server's day (startInProcess: PINNED_DAY).
      expect(stored?.datos.fechaCita).toBe(dayTimestamp(PINNED_DAY))
      expect(stored?.datos.autorizacionDatos).toBe(true)
    }
  })

  it('the newsletter answers «Registro Exitoso» and links back to the page it was sent from', async () => {
    const res = await postNative('/api/suscripcion', encode({ correoElectronico: 'sin-js@example.com', autorizacionDatos: 'on' }), {
      referer: `${server.url}/hospital/hospital`,
    })
    const html = await expectHtml(res, 200)
    expect(textOf(html)).toContain('Registro Exitoso')
    expect(html).toContain('href="/hospital/hospital"')
    expect((await withStore(server.dataDir, store => store.listSubscriptions())).map(s => s.correo)).toContain('sin-js@example.com')
  })
})

describe('anti-forgery of the no-script path', () => {
  const cases: Array<[string, Record<string, string | undefined>]> = [
    ['no Origin and no Referer', { origin: undefined, referer: undefined }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Origin and a same-origin Referer', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null', referer: undefined }],
    ['a foreign Referer without Origin', { origin: undefined, referer: 'https://evil.example/form.html' }],
    ['another port of the same host', { origin: 'http://127.0.0.1:1', referer: undefined }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ]
  for (const [label, headers] of cases) {
    it(`${label} → 403 HTML in Spanish, nothing stored`, async () => {
      await unchanged(async () => {
        for (const [p, body] of [
          ['/api/pqrs', encode(validPqrs())],
          ['/api/cita', encode(validCita())],
          ['/api/suscripcion', encode({ correoElectronico: 'forjado@example.com', autorizacionDatos: 'on' })],
        ] as const) {
          const html = await expectHtml(await postNative(p, body, headers), 403)
          expect(textOf(html)).toContain('No se pudo verificar la solicitud. Recargue la página e intente de nuevo.')
          expect(html).not.toContain('evil.example')
        }
        const hc = await postNative('/api/historia-clinica', historiaForm(), headers)
        await expectHtml(hc, 403)
      })
    })
  }

  // https:// of the same host and port is accepted (a TLS proxy without TRUST_PROXY, docs/decisions/filings.md): tests/api/http-boundaries.test.ts.
  it('another name of the same server (localhost for 127.0.0.1) → 403', async () => {
    await unchanged(async () => {
      await expectHtml(await postNative('/api/pqrs', encode(validPqrs()), { origin: server.url.replace('127.0.0.1', 'localhost'), referer: undefined }), 403)
    })
  })

  it('the JSON API still requires the anti-forgery header, even with a same-origin Origin', async () => {
    await unchanged(async () => {
      for (const accept of ['application/json', BROWSER_ACCEPT]) {
        const res = await fetch(`${server.url}/api/pqrs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept, origin: server.url, referer: `${server.url}/pqrsd` },
          body: JSON.stringify(validPqrs()),
        })
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({ error: 'No se pudo verificar la solicitud. Recargue la página e intente de nuevo.', fields: {} })
      }
    })
  })

  it('a url-encoded post that does not ask for HTML stays on the double-submit check (403 JSON)', async () => {
    await unchanged(async () => {
      const res = await postNative('/api/pqrs', encode(validPqrs()), { accept: '*/*' })
      expect(res.status).toBe(403)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    })
  })

  it('a url-encoded post carrying the anti-forgery header is not the no-script path: refused', async () => {
    await unchanged(async () => {
      const token = 'a'.repeat(43)
      const res = await postNative('/api/pqrs', encode(validPqrs()), { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token })
      expect(res.status).toBe(415)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    })
  })
})

describe('validation errors without JavaScript', () => {
  it('an empty PQRSD answers 400 HTML listing the spec messages; nothing stored', async () => {
    await unchanged(async () => {
      const empty = encode({
        tipoSolicitud: '',
        tipoPersona: '',
        tipoIdentificacion: '',
        numeroIdentificacion: '',
        nombre: '',
        apellido: '',
        direccion: '',
        telefono: '',
        correoElectronico: '',
        tipoRespuesta: '',
        mensaje: '',
      })
      const html = await expectHtml(await postNative('/api/pqrs', empty), 400)
      const text = textOf(html)
      expect(html).toMatch(/<h[23][^>]*>Hay errores en el formulario<\/h[23]>/)
      for (const message of [
        'El tipo de solicitud es obligatoria',
        'El tipo de persona es obligatoria',
        'El tipo de documento es obligatorio',
        'El numero de documento es obligatorio',
        'El nombre es obligatorio',
        'El Apellido es obligatorio',
        'La dirección es obligatoria',
        'El numero de telefono es obligatorio',
        'El metodo de respuesta es obligatorio',
        'El mensaje es obligatorio',
      ]) {
        expect(text).toContain(message)
      }
      // The e-mail is asked for only once the reply goes by e-mail (docs/decisions/forms.md); none was chosen.
      expect(text).not.toContain('La dirección de correo es obligatoria')
      // The form itself comes back, on its own page (docs/decisions/filings.md): no «Atrás».
      expect(text).not.toMatch(/«Atrás»/)
      expect(html).toContain('action="/api/pqrs"')
    })
  })

  it('an appointment without the policy accepted lists its message; nothing stored', async () => {
    await unchanged(async () => {
      const html = await expectHtml(
        await postNative('/api/cita', encode(validCita({ autorizacionDatos: false, fechaCita: '', whatsapp: '300-abc' })), { referer: `${server.url}/citas` }),
        400,
      )
      const text = textOf(html)
      expect(text).toContain('Debe aceptar la política para continuar.')
      expect(text).toContain('Escriba el número con dígitos: 10 para un celular o un fijo de Colombia')
      expect(text).not.toContain('La fecha de la solicitud no es válida.')
    })
  })

  it('an invalid newsletter address lists «Por favor, ingresa tu Email»', async () => {
    await unchanged(async () => {
      const text = textOf(await expectHtml(await postNative('/api/suscripcion', encode({ correoElectronico: 'no-es-correo' })), 400))
      expect(text).toContain('Por favor, ingresa tu Email')
    })
  })

  it('values are escaped and unexpected or prototype keys are refused', async () => {
    await unchanged(async () => {
      const extra = await expectHtml(await postNative('/api/pqrs', `${encode(validPqrs())}&${encodeURIComponent('<img src=x>')}=1`), 400)
      expect(extra).not.toContain('<img')
      expect(textOf(extra)).toContain('El formulario contiene campos que no se esperan.')
      await expectHtml(await postNative('/api/pqrs', `${encode(validPqrs())}&__proto__=x`), 400)
      await expectHtml(await postNative('/api/pqrs', `${encode(validPqrs())}&constructor=x`), 400)
      // A repeated field is a list: refused like any invalid value.
      await expectHtml(await postNative('/api/pqrs', `${encode(validPqrs())}&nombre=Otra`), 400)
    })
  })

  it('an over-large url-encoded body answers 413 HTML', async () => {
    await unchanged(async () => {
      const res = await postNative('/api/pqrs', encode(validPqrs({ mensaje: 'x'.repeat(70 * 1024) })))
      expect(textOf(await expectHtml(res, 413))).toContain('La solicitud supera el tamaño máximo permitido.')
    })
  })

  it('a JSON form without file fields posted as multipart answers 415 HTML', async () => {
    await unchanged(async () => {
      const body = new FormData()
      for (const [k, v] of Object.entries(validCita())) body.append(k, String(v))
      await expectHtml(await postNative('/api/cita', body), 415)
    })
  })

  it('the PQRSD (a JSON form with attachments) posted as multipart with two files files it with both', async () => {
    const before = await countRows(server.dataDir)
    const body = new FormData()
    for (const [k, v] of Object.entries(validPqrs({ autorizacionDatos: 'on' }))) body.append(k, String(v))
    body.append('adjuntos', new Blob([new Uint8Array(TINY_PDF)], { type: 'application/pdf' }), 'carta.pdf')
    body.append('adjuntos', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' }), 'foto.jpg')
    const text = textOf(await expectHtml(await postNative('/api/pqrs', body), 200))
    expect(text).toMatch(/PQRSD creado exitosamente con número de radicado: PQRS-\d{4}-\d{6}/)
    const after = await countRows(server.dataDir)
    expect(after.radicaciones).toBe(before.radicaciones + 1)
    expect(after.adjuntos).toBe(before.adjuntos + 2)
  })
})

describe('the clinical record posted without JavaScript (multipart)', () => {
  it('with a real PDF answers 200 HTML with the success text; the filing and the file are stored', async () => {
    const before = await countRows(server.dataDir)
    const res = await postNative('/api/historia-clinica', historiaForm(historiaFields(), { content: TINY_PDF, name: 'solicitud firmada.pdf' }), {
      referer: `${server.url}/historia-clinica`,
    })
    const html = await expectHtml(res, 200)
    const text = textOf(html)
    const id =
      /Solicitud de historia clínica radicada exitosamente con número: (HC-\d{4}-\d{6,})\. La respuesta se enviará al correo electrónico indicado\./.exec(
        text,
      )?.[1]
    expect(id).toBeDefined()
    expect(html).toContain('href="/historia-clinica"')
    const after = await countRows(server.dataDir)
    expect(after.radicaciones).toBe(before.radicaciones + 1)
    expect(after.adjuntos).toBe(before.adjuntos + 1)
    expect(after.archivos).toBe(before.archivos + 1)
    const stored = await storedFiling(server.dataDir, id!)
    expect(stored?.adjuntos[0]?.nombreOriginal).toBe('solicitud firmada.pdf')
    expect(stored?.adjuntos[0]?.tamano).toBe(TINY_PDF.length)
  })

  it('without a file (the empty part a browser sends) answers 400 HTML with the field message; nothing stored', async () => {
    await unchanged(async () => {
      const body = historiaForm(historiaFields(), null)
      body.append('pdf', new Blob([], { type: 'application/octet-stream' }), '')
      const text = textOf(await expectHtml(await postNative('/api/historia-clinica', body), 400))
      expect(text).toContain('Hay errores en el formulario')
      expect(text).toContain('Adjunte el formato de solicitud en PDF.')
    })
  })

  it('a file that is not a PDF answers 400 HTML «El archivo debe ser un PDF.»', async () => {
    await unchanged(async () => {
      const body = historiaForm(historiaFields(), { content: Buffer.from('MZ not a pdf'), name: 'virus.pdf', type: 'application/pdf' })
      expect(textOf(await expectHtml(await postNative('/api/historia-clinica', body), 400))).toContain('El archivo debe ser un PDF.')
    })
  })

  it('url-encoded to the clinical record (no file possible) answers 400 HTML', async () => {
    await unchanged(async () => {
      const text = textOf(await expectHtml(await postNative('/api/historia-clinica', encode(historiaFields())), 400))
      expect(text).toContain('La solicitud debe enviarse como formulario con el archivo PDF adjunto.')
    })
  })
})

describe('rate limit on the no-script path', () => {
  it('applies as before and answers 429 HTML in Spanish', async () => {
    const limited = await startInProcess({ label: 'nojs-limit', rateLimitMax: 2 })
    try {
      const post = () =>
        fetch(`${limited.url}/api/suscripcion`, {
          method: 'POST',
          headers: { accept: BROWSER_ACCEPT, origin: limited.url, 'content-type': URLENCODED },
          body: encode({ correoElectronico: 'limite@example.com', autorizacionDatos: 'on' }),
        })
      expect((await post()).status).toBe(200)
      expect((await post()).status).toBe(200)
      const res = await post()
      expect(res.status).toBe(429)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(textOf(await res.text())).toContain('Ha enviado demasiadas solicitudes en poco tiempo.')
    } finally {
      await limited.close()
    }
  })
})
