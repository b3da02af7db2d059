import { spawn } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { runExport } from '../../src/server/export.ts'
import { formToken } from '../../src/server/features/office/session.ts'
import { Client, historiaForm, ROOT, startInProcess, tempDataDir, TINY_PDF, validCita, validPqrs, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * `npm run -s usuarios -- …` as staff run it: the password on standard input. Asynchronous: the office server of
 * these tests runs in this process, and a synchronous child (80–130 s for four starts under load) froze it, so
 * its kept-alive sockets were closed under the next request (ECONNRESET, seen in a full run).
 */
/** `answer`, when given, is asked after each output chunk for a line to type (the 2FA enrolment's first code). */
function usuarios(
  dataDir: string,
  args: string[],
  input = '',
  answer?: (stdout: string) => Promise<string | undefined>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, compiledNodeArgs('src/server/usuarios.ts', args), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    })
    let stdout = ''
    let stderr = ''
    let answered = !answer
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d
      if (answered) return
      void answer!(stdout).then(line => {
        if (line === undefined || answered) return
        answered = true
        child.stdin.end(`${line}\n`)
      }, reject)
    })
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', status => resolve({ status, stdout, stderr }))
    if (!answer) child.stdin.end(input)
  })
}

const ADMIN = { correo: 'jefe.siau@hospital.gov.co', clave: 'una clave larga de prueba 1' }
const LIMITED = { correo: 'pqrs.siau@hospital.gov.co', clave: 'otra clave larga de prueba 2' }
const ANSWER_PDF = Buffer.from('%PDF-1.4\n% respuesta\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

/** A browser of one member of staff: the XSRF cookie and header, and the session cookie once signed in. */
class Staff {
  session = ''
  constructor(readonly client: Client) {}
  get base() {
    return this.client.base
  }
  cookies(): string {
    return [`XSRF-TOKEN=${this.client.token}`, this.session && `oficina_sesion=${this.session}`].filter(Boolean).join('; ')
  }
  async signIn(correo: string, clave: string, extra: Record<string, unknown> = {}): Promise<Response> {
    const res = await fetch(`${this.base}/api/oficina/sesion`, {
      method: 'POST',
      headers: { cookie: this.cookies(), 'x-xsrf-token': this.client.token, 'content-type': 'application/json' },
      body: JSON.stringify({ correo, clave, ...extra }),
    })
    const set = res.headers.getSetCookie().find(c => c.startsWith('oficina_sesion='))
    if (set) this.session = set.split(';')[0]!.slice('oficina_sesion='.length)
    return res
  }
  get(p: string): Promise<Response> {
    return fetch(`${this.base}${p}`, { headers: { cookie: this.cookies() }, redirect: 'manual' })
  }
  act(radicado: string, body: Record<string, unknown>): Promise<Response> {
    return fetch(`${this.base}/api/oficina/radicaciones/${radicado}/acciones`, {
      method: 'POST',
      headers: { cookie: this.cookies(), 'x-xsrf-token': this.client.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }
  actMultipart(radicado: string, form: FormData): Promise<Response> {
    return fetch(`${this.base}/api/oficina/radicaciones/${radicado}/acciones`, {
      method: 'POST',
      headers: { cookie: this.cookies(), 'x-xsrf-token': this.client.token },
      body: form,
    })
  }
  signOut(): Promise<Response> {
    return fetch(`${this.base}/api/oficina/salir`, { method: 'POST', headers: { cookie: this.cookies(), 'x-xsrf-token': this.client.token } })
  }
}

function auditRows(dataDir: string): Array<{ evento: string; cuenta: string | null; radicado: string | null; detalle: string | null }> {
  const db = new Database(path.join(dataDir, 'radicaciones.sqlite'), { readonly: true })
  try {
    return db
      .prepare('SELECT a.evento, c.correo AS cuenta, a.radicado, a.detalle FROM auditoria a LEFT JOIN cuentas c ON c.id = a.cuenta_id ORDER BY a.id')
      .all() as Array<{ evento: string; cuenta: string | null; radicado: string | null; detalle: string | null }>
  } finally {
    db.close()
  }
}

describe('the office over real HTTP, with accounts made by the usuarios command', () => {
  let server: RunningServer
  let dataDir: string
  let citizen: Client
  let pqrs: string
  let historia: string

  beforeAll(async () => {
    dataDir = tempDataDir('oficina')
    expect(await usuarios(dataDir, ['crear', ADMIN.correo, '--nombre', 'Jefe SIAU', '--rol', 'admin'], `${ADMIN.clave}\n`)).toMatchObject({ status: 0 })
    expect(
      await usuarios(dataDir, ['crear', LIMITED.correo, '--nombre', 'Auxiliar PQRSD', '--rol', 'siau', '--formularios', 'pqrsd'], `${LIMITED.clave}\n`),
    ).toMatchObject({ status: 0 })
    server = await startInProcess({ dataDir })
    citizen = await new Client(server.url).init()
    const a = await citizen.postJson('/api/pqrs', validPqrs())
    pqrs = ((await a.json()) as { id: string }).id
    const b = await citizen.postForm('/api/historia-clinica', historiaForm())
    historia = ((await b.json()) as { id: string }).id
  })
  afterAll(async () => server?.close())

  const signedIn = async (who: { correo: string; clave: string }) => {
    const s = new Staff(await new Client(server.url).init())
    expect((await s.signIn(who.correo, who.clave)).status).toBe(200)
    return s
  }

  it('the command refuses a password in the arguments, a short one, and a duplicate account', async () => {
    expect((await usuarios(dataDir, ['crear', 'x@hospital.gov.co', '--nombre', 'X', '--rol', 'siau', '--clave', 'algo'], '')).stderr).toMatch(
      /no se acepta como argumento/,
    )
    const short = await usuarios(dataDir, ['crear', 'y@hospital.gov.co', '--nombre', 'Y', '--rol', 'siau'], 'corta\n')
    expect(short.status).not.toBe(0)
    expect(short.stderr).toMatch(/al menos 12 caracteres/)
    expect((await usuarios(dataDir, ['crear', ADMIN.correo, '--nombre', 'Otra', '--rol', 'siau'], 'una clave larga distinta\n')).stderr).toMatch(/Ya existe/)
    const list = await usuarios(dataDir, ['lista'])
    expect(list.stdout).toContain(`${LIMITED.correo}\tAuxiliar PQRSD\tsiau\tpqrsd\tactiva`)
    expect(list.stdout).not.toContain('y@hospital.gov.co')
    expect(list.stdout).not.toMatch(/argon2/)
    // Four starts of the command: about 1 s each from its compiled copy on an idle machine (3 s through tsx), far more when the machine is busy.
  }, 180_000)

  it('401 without a session, for the API and the pages', async () => {
    const anon = new Staff(await new Client(server.url).init())
    expect((await anon.get('/api/oficina/radicaciones')).status).toBe(401)
    expect((await anon.get(`/api/oficina/radicaciones/${pqrs}`)).status).toBe(401)
    expect((await anon.act(pqrs, { accion: 'en_tramite' })).status).toBe(401)
    const page = await anon.get('/oficina')
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe('/acceder')
  })

  it('an unknown e-mail and a wrong password get the same answer', async () => {
    const s = new Staff(await new Client(server.url).init())
    const unknown = await s.signIn('nadie@hospital.gov.co', ADMIN.clave)
    const wrong = await s.signIn(ADMIN.correo, 'no es la clave correcta')
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(await unknown.json()).toEqual(await wrong.json())
    expect(s.session).toBe('')
  })

  it('signs in, lists, opens, acts, downloads; every step audited', async () => {
    const s = new Staff(await new Client(server.url).init())
    const res = await s.signIn(ADMIN.correo, ADMIN.clave)
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find(c => c.startsWith('oficina_sesion='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    expect(cookie).not.toMatch(/Max-Age/i) // without «recordarme» the cookie ends with the browser

    const list = await s.get('/api/oficina/radicaciones')
    expect(list.status).toBe(200)
    expect(list.headers.get('cache-control')).toBe('no-store')
    const body = (await list.json()) as { radicaciones: Array<Record<string, unknown>>; porEstado: Record<string, number> }
    const item = body.radicaciones.find(r => r.radicado === pqrs)!
    expect(item).toMatchObject({ formulario: 'pqrsd', tipo: 'Petición', estado: 'radicada', diasHabilesRestantes: expect.any(Number) })
    expect(item.recibido).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    expect(item.vence).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(body.radicaciones.map(r => r.radicado)).toContain(historia)
    const dues = body.radicaciones.map(r => String(r.vence))
    expect(dues).toEqual([...dues].sort())
    expect(body.porEstado.radicada).toBeGreaterThanOrEqual(2)

    const detail = (await (await s.get(`/api/oficina/radicaciones/${pqrs}`)).json()) as Record<string, unknown>
    expect(detail.campos).toEqual(expect.arrayContaining([{ nombre: 'tipoSolicitud', etiqueta: 'Tipo de solicitud', valor: 'Petición' }]))
    expect(detail.campos).toEqual(expect.arrayContaining([{ nombre: 'nombre', etiqueta: 'Nombres', valor: 'María José' }]))

    const hc = (await (await s.get(`/api/oficina/radicaciones/${historia}`)).json()) as { adjuntos: Array<{ url: string }> }
    const file = await s.get(hc.adjuntos[0]!.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="solicitud.pdf"/)
    expect(Buffer.from(await file.arrayBuffer())).toEqual(TINY_PDF)

    expect((await s.act(pqrs, { accion: 'en_tramite' })).status).toBe(200)
    const form = new FormData()
    form.append('accion', 'responder')
    form.append('texto', 'Le informamos que la vacunación es de lunes a viernes.')
    form.append('archivo', new Blob([ANSWER_PDF], { type: 'application/pdf' }), 'respuesta.pdf')
    const answered = await s.actMultipart(pqrs, form)
    expect(answered.status).toBe(200)
    expect(await answered.json()).toMatchObject({ radicado: pqrs, estado: 'respondida' })

    const after = (await (await s.get(`/api/oficina/radicaciones/${pqrs}`)).json()) as {
      estado: string
      historial: Array<{ accion: string; por: string; archivo: { url: string } | null }>
    }
    expect(after.estado).toBe('respondida')
    // Actions only: the note of the citizen's e-mail (docs/decisions/office.md) follows the answer asynchronously.
    expect(after.historial.map(h => h.accion).filter(a => a !== 'correo_ciudadano')).toEqual(['en_tramite', 'responder'])
    expect(after.historial[1]!.por).toBe('Jefe SIAU')
    const answer = await s.get(after.historial[1]!.archivo!.url)
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(ANSWER_PDF)

    // An action that does not fit the state: a clear Spanish refusal, nothing changes.
    const again = await s.act(pqrs, { accion: 'en_tramite' })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: string }).error).toBe('No se puede «poner en trámite» una radicación en estado «Respondida».')

    const rows = auditRows(dataDir).filter(r => r.cuenta === ADMIN.correo)
    const events = rows.map(r => `${r.evento}:${r.radicado ?? ''}:${r.detalle ?? ''}`)
    expect(events).toEqual(
      expect.arrayContaining([
        'cuenta_creada::rol admin; formularios todos (consola)',
        'acceso_fallido::',
        'acceso::',
        `ver:${pqrs}:`,
        `ver:${historia}:`,
        `descargar:${historia}:adjunto`,
        `accion:${pqrs}:en_tramite`,
        `accion:${pqrs}:responder`,
        `descargar:${pqrs}:respuesta`,
      ]),
    )
  })

  it('the export gains the state, due date, answer date and whether it was answered on time; the audit trail exports', async () => {
    const env = { ...process.env, DATA_DIR: dataDir }
    const lines = (await runExport(['pqrs', '--sep', ','], env)).slice(1).split('\r\n')
    const header = lines[0]!.split('","').map(c => c.replace(/^"|"$/g, ''))
    expect(header.slice(-4)).toEqual(['Estado', 'Vence', 'Fecha de respuesta', 'Respondida a tiempo'])
    const row = lines
      .find(l => l.startsWith(`"${pqrs}"`))!
      .split('","')
      .map(c => c.replace(/^"|"$/g, ''))
    const detail = (await (await (await signedIn(ADMIN)).get(`/api/oficina/radicaciones/${pqrs}`)).json()) as { vence: string }
    expect(row.slice(-4)).toEqual(['Respondida', detail.vence, expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), 'Sí'])
    const open = lines.find(l => l.startsWith('"PQRS-') && !l.startsWith(`"${pqrs}"`))
    if (open)
      expect(
        open
          .split('","')
          .slice(-4)
          .map(c => c.replace(/^"|"$/g, '')),
      ).toEqual(['Radicada', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), '', ''])
    const audit = await runExport(['auditoria', '--since', '2020-01-01', '--sep', ','], env)
    expect(audit.split('\r\n')[0]).toBe('\uFEFF"Fecha","Evento","Cuenta","Radicado","Detalle","Dirección"')
    expect(audit).toContain(`"accion","${ADMIN.correo}","${pqrs}","responder"`)
    // No citizen's personal data in the trail.
    expect(audit).not.toContain('María')
    expect(audit).not.toContain('1020304050')
  })

  it('forward and extension: recorded with their data; an extension is refused past twice the term and only once', async () => {
    const s = await signedIn(ADMIN)
    const file = async () => ((await (await citizen.postJson('/api/cita', validCita())).json()) as { id: string }).id
    const forwarded = await file()
    const missing = await s.act(forwarded, { accion: 'trasladar', texto: 'No es de nuestra competencia.' })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { fields: Record<string, string> }).fields).toEqual({ entidad: 'Indique la entidad a la que se traslada.' })
    expect((await s.act(forwarded, { accion: 'trasladar', entidad: 'EPS Sanitas', texto: 'La cita la asigna la EPS.' })).status).toBe(200)
    const f = (await (await s.get(`/api/oficina/radicaciones/${forwarded}`)).json()) as {
      estado: string
      historial: Array<Record<string, unknown>>
      diasHabiles: number
    }
    expect(f.estado).toBe('trasladada')
    expect(f.diasHabiles).toBe(3)
    expect(f.historial[0]).toMatchObject({ accion: 'trasladar', entidad: 'EPS Sanitas', texto: 'La cita la asigna la EPS.', tardio: false, por: 'Jefe SIAU' })

    const extended = await file()
    const d = (await (await s.get(`/api/oficina/radicaciones/${extended}`)).json()) as { vence: string; venceMaximo: string }
    const beyond = new Date(Date.parse(`${d.venceMaximo}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const tooFar = await s.act(extended, { accion: 'ampliar', texto: 'Falta agenda del especialista.', nuevaFecha: beyond })
    expect(tooFar.status).toBe(400)
    expect(((await tooFar.json()) as { fields: Record<string, string> }).fields.nuevaFecha).toMatch(/doble del término/)
    const ok = await s.act(extended, { accion: 'ampliar', texto: 'Falta agenda del especialista.', nuevaFecha: d.venceMaximo })
    expect(await ok.json()).toEqual({ radicado: extended, estado: 'radicada', vence: d.venceMaximo, ampliada: true })
    const twice = await s.act(extended, { accion: 'ampliar', texto: 'Otra vez.', nuevaFecha: d.venceMaximo })
    expect(twice.status).toBe(409)
    expect(((await twice.json()) as { error: string }).error).toMatch(/ya fue ampliado/)
    const list = (await (await s.get('/api/oficina/radicaciones?formulario=cita&estado=todas')).json()) as {
      radicaciones: Array<{ radicado: string; vence: string; ampliada: boolean }>
    }
    expect(list.radicaciones.find(r => r.radicado === extended)).toMatchObject({ vence: d.venceMaximo, ampliada: true })
  })

  it('a siau account limited to pqrsd gets 403 on a clinical-record request and never lists one', async () => {
    const s = new Staff(await new Client(server.url).init())
    expect((await s.signIn(LIMITED.correo, LIMITED.clave)).status).toBe(200)
    const list = (await (await s.get('/api/oficina/radicaciones')).json()) as { radicaciones: Array<{ radicado: string; formulario: string }> }
    expect(list.radicaciones.length).toBeGreaterThan(0)
    expect(list.radicaciones.every(r => r.formulario === 'pqrsd')).toBe(true)
    expect((await s.get(`/api/oficina/radicaciones/${historia}`)).status).toBe(403)
    expect((await s.get(`/api/oficina/radicaciones/${historia}/adjuntos/0`)).status).toBe(403)
    expect((await s.act(historia, { accion: 'en_tramite' })).status).toBe(403)
    expect((await s.get('/api/oficina/radicaciones?formulario=historia-clinica')).status).toBe(403)
    expect((await s.get('/api/oficina/auditoria')).status).toBe(403)
    expect(auditRows(dataDir).some(r => r.cuenta === LIMITED.correo && r.radicado === historia)).toBe(false)
  })

  it('anti-forgery on every office POST', async () => {
    const s = new Staff(await new Client(server.url).init())
    await s.signIn(ADMIN.correo, ADMIN.clave)
    const noHeader = (p: string, body: string, type = 'application/json') =>
      fetch(`${server.url}${p}`, { method: 'POST', headers: { cookie: s.cookies(), 'content-type': type }, body })
    expect((await noHeader('/api/oficina/sesion', JSON.stringify(ADMIN))).status).toBe(403)
    expect((await noHeader(`/api/oficina/radicaciones/${pqrs}/acciones`, JSON.stringify({ accion: 'cerrar' }))).status).toBe(403)
    expect((await noHeader('/api/oficina/salir', '{}')).status).toBe(403)
    // A form posted from another site (native, no header): refused by origin.
    const foreign = await fetch(`${server.url}/api/oficina/radicaciones/${pqrs}/acciones`, {
      method: 'POST',
      headers: { cookie: s.cookies(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'https://atacante.example' },
      body: 'accion=cerrar',
    })
    expect(foreign.status).toBe(403)
    // Same origin but without the session's form token: refused.
    const noToken = await fetch(`${server.url}/api/oficina/radicaciones/${pqrs}/acciones`, {
      method: 'POST',
      headers: { cookie: s.cookies(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.url },
      body: 'accion=cerrar',
    })
    expect(noToken.status).toBe(403)
    // The form token is compared whole: empty or cut short, refused.
    for (const bad of ['', formToken(s.session).slice(0, 10)]) {
      const cut = await fetch(`${server.url}/api/oficina/radicaciones/${pqrs}/acciones`, {
        method: 'POST',
        headers: { cookie: s.cookies(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.url },
        body: `accion=cerrar&_xsrf=${encodeURIComponent(bad)}`,
      })
      expect(cut.status).toBe(403)
    }
    const still = (await (await s.get(`/api/oficina/radicaciones/${pqrs}`)).json()) as { estado: string }
    expect(still.estado).toBe('respondida')
  })

  it('reads through the API are audited like the pages: the audit trail and the list of filings', async () => {
    const s = new Staff(await new Client(server.url).init())
    await s.signIn(ADMIN.correo, ADMIN.clave)
    const count = (evento: string, detalle: string | null) =>
      auditRows(dataDir).filter(r => r.cuenta === ADMIN.correo && r.evento === evento && r.detalle === detalle).length
    const before = { trail: count('ver_auditoria', 'API'), list: count('ver_bandeja', 'API'), page: count('ver_bandeja', null) }
    const trail = await s.get('/api/oficina/auditoria')
    expect(trail.status).toBe(200)
    expect(((await trail.json()) as { registros: unknown[] }).registros.length).toBeGreaterThan(0)
    expect((await s.get('/api/oficina/radicaciones')).status).toBe(200)
    expect((await s.get('/oficina')).status).toBe(200)
    expect({ trail: count('ver_auditoria', 'API'), list: count('ver_bandeja', 'API'), page: count('ver_bandeja', null) }).toEqual({
      trail: before.trail + 1,
      list: before.list + 1,
      page: before.page + 1,
    })
  })

  it('sign-out revokes the session on the server', async () => {
    const s = new Staff(await new Client(server.url).init())
    await s.signIn(ADMIN.correo, ADMIN.clave)
    const stolen = s.session
    expect((await s.get('/api/oficina/radicaciones')).status).toBe(200)
    expect((await s.signOut()).status).toBe(200)
    s.session = stolen // the old cookie, kept by someone
    expect((await s.get('/api/oficina/radicaciones')).status).toBe(401)
    expect(auditRows(dataDir).some(r => r.evento === 'salida' && r.cuenta === ADMIN.correo)).toBe(true)
  })

  it('a deactivated account is signed out and cannot sign in', async () => {
    const s = new Staff(await new Client(server.url).init())
    await s.signIn(LIMITED.correo, LIMITED.clave)
    expect((await usuarios(dataDir, ['desactivar', LIMITED.correo])).status).toBe(0)
    expect((await s.get('/api/oficina/radicaciones')).status).toBe(401)
    expect((await s.signIn(LIMITED.correo, LIMITED.clave)).status).toBe(401)
    expect(auditRows(dataDir).some(r => r.evento === 'cuenta_desactivada' && r.cuenta === LIMITED.correo)).toBe(true)
  })

  it('throttles repeated failures per account, even with the right password afterwards', async () => {
    const s = new Staff(await new Client(server.url).init())
    expect((await usuarios(dataDir, ['crear', 'tercera@hospital.gov.co', '--nombre', 'Tercera', '--rol', 'siau'], 'clave larga número tres\n')).status).toBe(0)
    for (let i = 0; i < 5; i++) expect((await s.signIn('tercera@hospital.gov.co', `equivocada número ${i}`)).status).toBe(401)
    const locked = await s.signIn('tercera@hospital.gov.co', 'clave larga número tres')
    expect(locked.status).toBe(429)
    expect(((await locked.json()) as { error: string }).error).toMatch(/^Demasiados intentos fallidos\. Espere \d+ minutos?/)
    expect(s.session).toBe('')
  })
})

describe('session lifetime', () => {
  let server: RunningServer
  beforeAll(async () => {
    const dataDir = tempDataDir('oficina-expira')
    await usuarios(dataDir, ['crear', ADMIN.correo, '--nombre', 'Jefe', '--rol', 'admin'], `${ADMIN.clave}\n`)
    server = await startInProcess({ dataDir, officeSession: { idleMs: 2_000, idleRememberMs: 60_000, maxMs: 60_000 } })
  })
  afterAll(async () => server?.close())

  it('an idle session expires; «recordarme» gets the longer idle time and a persistent cookie', async () => {
    const remembered = new Staff(await new Client(server.url).init())
    const res = await remembered.signIn(ADMIN.correo, ADMIN.clave, { recordarme: true })
    expect(res.headers.getSetCookie().find(c => c.startsWith('oficina_sesion='))).toMatch(/Max-Age=60/)
    const plain = new Staff(await new Client(server.url).init())
    await plain.signIn(ADMIN.correo, ADMIN.clave)
    expect((await plain.get('/api/oficina/radicaciones')).status).toBe(200)
    // Idle longer than the 2 s idle timeout of this server.
    await new Promise(r => setTimeout(r, 2_600))
    expect((await plain.get('/api/oficina/radicaciones')).status).toBe(401)
    expect((await remembered.get('/api/oficina/radicaciones')).status).toBe(200)
  })
})

describe('second factor (TOTP)', () => {
  let server: RunningServer
  let dataDir: string
  let secret: string
  beforeAll(async () => {
    dataDir = tempDataDir('oficina-2fa')
    await usuarios(dataDir, ['crear', ADMIN.correo, '--nombre', 'Jefe', '--rol', 'admin'], `${ADMIN.clave}\n`)
    await usuarios(dataDir, ['crear', 'admin2@hospital.gov.co', '--nombre', 'Otra', '--rol', 'admin'], 'clave larga de la segunda\n')
    // Enrolment waits for a first code made from the secret it showed.
    const enrol = await usuarios(dataDir, ['2fa', ADMIN.correo], '', async out => {
      const shown = /clave ([A-Z2-7]{16,})/.exec(out)?.[1]
      return shown && generate({ secret: shown })
    })
    expect(enrol.status).toBe(0)
    secret = /clave ([A-Z2-7]{16,})/.exec(enrol.stdout)![1]!
    expect(enrol.stdout).toContain('Segundo factor activado')
    // The authenticator lists the account under the hospital's name (site.yaml `nombre`).
    const uri = new URL(/otpauth:\/\/\S+/.exec(enrol.stdout)![0])
    expect(uri.searchParams.get('issuer')).toBe('E.S.E. Hospital Local San Juan de Dios')
    server = await startInProcess({ dataDir, office2fa: 'admin' })
  })
  afterAll(async () => server?.close())

  it('an enrolled account needs the code; a wrong code fails; OFICINA_2FA=admin refuses an admin without it', async () => {
    const s = new Staff(await new Client(server.url).init())
    const ask = await s.signIn(ADMIN.correo, ADMIN.clave)
    expect(ask.status).toBe(401)
    expect(await ask.json()).toMatchObject({ requiereCodigo: true, error: expect.stringMatching(/código de verificación/) })
    expect((await s.signIn(ADMIN.correo, ADMIN.clave, { codigo: '000000' })).status).toBe(401)
    expect(s.session).toBe('')
    // A wrong password never reveals that a code would be asked.
    expect(await (await s.signIn(ADMIN.correo, 'no es la clave correcta')).json()).not.toHaveProperty('requiereCodigo')
    const code = await generate({ secret })
    const ok = await s.signIn(ADMIN.correo, ADMIN.clave, { codigo: code })
    expect(ok.status).toBe(200)
    expect((await s.get('/api/oficina/radicaciones')).status).toBe(200)
    // The same code, seen over a shoulder, does not open a second session (RFC 6238 §5.2), even inside its 30 s.
    const replay = new Staff(await new Client(server.url).init())
    const again = await replay.signIn(ADMIN.correo, ADMIN.clave, { codigo: code })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ requiereCodigo: true, error: expect.stringMatching(/código de verificación/) })
    expect(replay.session).toBe('')
    const other = new Staff(await new Client(server.url).init())
    const refused = await other.signIn('admin2@hospital.gov.co', 'clave larga de la segunda')
    expect(refused.status).toBe(403)
    expect(other.session).toBe('')
  })
})
