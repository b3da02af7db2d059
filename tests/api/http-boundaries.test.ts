/**
 * The server's HTTP boundaries under attack (docs/decisions/security.md), over real HTTP on 127.0.0.1: slow and
 * oversized bodies, malformed multipart, forwarded addresses and origins behind a proxy, bounded error answers,
 * control characters, throttled lookups, the security headers, and a shutdown that cannot hang.
 */
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { MSG } from '../../src/server/http/messages.ts'
import { embedOrigins } from '../../src/server/security.ts'
import { Client, countRows, historiaFields, startChild, startInProcess, tempDataDir, TINY_PDF, validPqrs, type RunningServer } from './helpers.ts'

let server: RunningServer & { app: import('fastify').FastifyInstance }
let client: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'hardening', bodyTimeoutMs: 1_000, uploadTimeoutMs: 4_000 })
  client = await new Client(server.url).init()
})
afterAll(async () => {
  await server?.close()
})

const port = () => Number(new URL(server.url).port)

/** A raw HTTP/1.1 request whose body is sent by the caller; resolves with what the server wrote and when the socket closed. */
function rawRequest(head: string, send: (socket: net.Socket) => void): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const chunks: Buffer[] = []
    const socket = net.connect(port(), '127.0.0.1', () => {
      socket.write(head)
      send(socket)
    })
    socket.on('data', (d: Buffer) => chunks.push(d))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve({ answer: Buffer.concat(chunks).toString('utf8'), closedAfterMs: Date.now() - started }))
    setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server kept the connection open: ${Buffer.concat(chunks).toString('utf8')}`))
    }, 15_000).unref()
  })
}

function multipartBody(boundary: string, fields: Record<string, string>, file?: { name: string; content: Buffer }): Buffer {
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`))
    parts.push(file.content, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(parts)
}

describe('slow bodies time out and oversized uploads stop being read', () => {
  it('a client that sends its JSON body slowly is answered 408 and cut off', async () => {
    const before = (await countRows(server.dataDir)).radicaciones
    const { answer, closedAfterMs } = await rawRequest(
      `POST /api/pqrs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nCookie: XSRF-TOKEN=${client.token}\r\nX-XSRF-TOKEN: ${client.token}\r\n\r\n`,
      socket => {
        // One byte every 300 ms: never idle long, never done.
        const timer = setInterval(() => (socket.writable ? socket.write('{') : clearInterval(timer)), 300)
        socket.on('close', () => clearInterval(timer))
      },
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(answer).toContain('La solicitud tardó demasiado en llegar completa.')
    // bodyTimeoutMs is 1 s in this suite; generous bound.
    expect(closedAfterMs).toBeLessThan(8_000)
    expect((await countRows(server.dataDir)).radicaciones).toBe(before)
  })

  it('a slow upload is cut off too, after its own (longer) limit', async () => {
    const boundary = 'lento'
    const { answer } = await rawRequest(
      `POST /api/historia-clinica HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\nCookie: XSRF-TOKEN=${client.token}\r\nX-XSRF-TOKEN: ${client.token}\r\n\r\n--${boundary}\r\n`,
      socket => {
        const timer = setInterval(() => (socket.writable ? socket.write('x') : clearInterval(timer)), 300)
        socket.on('close', () => clearInterval(timer))
      },
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  it('an upload announced over the limit is refused before its body is read', async () => {
    const sent = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/historia-clinica`, {
        method: 'POST',
        headers: { ...client.headers({ 'content-type': 'multipart/form-data; boundary=x' }), 'content-length': String(300 * 1024 * 1024) },
      })
      let bytes = 0
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (bytes < 300 * 1024 * 1024 && !req.destroyed) {
          bytes += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
      }
      req.on('response', res => {
        res.resume()
        resolve({ status: res.statusCode ?? 0, bytes })
        req.destroy()
      })
      req.on('error', e => (bytes > 0 ? undefined : reject(e)))
      pump()
    })
    expect(sent.status).toBe(413)
    // Refused at once: far less than the 300 MB announced went out.
    expect(sent.bytes).toBeLessThan(40 * 1024 * 1024)
  })

  it('an upload that goes over the limit while arriving (no length announced) stops being read', async () => {
    const boundary = 'grande'
    const head = multipartBody(boundary, historiaFields()).subarray(0, -`--${boundary}--\r\n`.length)
    const result = await new Promise<{ status: number; bytes: number; body: string }>((resolve, _reject) => {
      const req = http.request(`${server.url}/api/historia-clinica`, {
        method: 'POST',
        headers: { ...client.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }), 'transfer-encoding': 'chunked' },
      })
      let bytes = 0
      let done = false
      req.write(head)
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
      req.write(TINY_PDF)
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (!done && bytes < 200 * 1024 * 1024) {
          bytes += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
      }
      req.on('response', res => {
        let body = ''
        res.on('data', d => (body += d))
        res.on('end', () => {
          done = true
          resolve({ status: res.statusCode ?? 0, bytes, body })
          req.destroy()
        })
      })
      // The server may close the connection before this client reads the answer (it stopped reading the upload).
      req.on('error', () => {
        if (done) return
        done = true
        resolve({ status: 0, bytes, body: '' })
      })
      pump()
    })
    // Either the answer arrived, or the connection was closed under the sender: both stop the upload.
    if (result.status !== 0) {
      expect(result.status).toBe(400)
      expect(JSON.parse(result.body).fields).toEqual({ pdf: 'El archivo supera el tamaño máximo de 10 MB.' })
    }
    // The browser never sends such a file (it checks the size first); a forged one is not read to its end.
    expect(result.bytes).toBeLessThan(60 * 1024 * 1024)
    expect((await countRows(server.dataDir)).archivos).toBe(0)
  })
})

describe('malformed multipart bodies answer 400, not 500', () => {
  const cases: Array<[string, string, Buffer]> = [
    ['no boundary', 'multipart/form-data', Buffer.from('--x\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nAna\r\n--x--\r\n')],
    [
      'truncated',
      'multipart/form-data; boundary=x',
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nAna\r\n--x\r\nContent-Disposition: form-data; name="pdf"; filename="a.pdf"\r\n\r\n%PDF-1.4 trun',
      ),
    ],
    ['garbage', 'multipart/form-data; boundary=x', Buffer.from('this is not multipart at all')],
  ]
  for (const [label, type, body] of cases) {
    it(label, async () => {
      const res = await client.postRaw('/api/historia-clinica', body, type)
      expect(res.status).toBe(400)
      const answer = (await res.json()) as { error: string }
      expect(answer.error).toMatch(/^(El formulario con el archivo llegó incompleto o dañado|La solicitud no es válida|El formulario tiene errores)/)
    })
  }
})

describe('TRUST_PROXY=true cannot be used to escape the rate limit', () => {
  it('rotating X-Forwarded-For does not give a new budget (the proxy appends the real address)', async () => {
    const trustProxy = configFromEnv({ TRUST_PROXY: 'true' }).trustProxy
    const limited = await startInProcess({ label: 'xff', rateLimitMax: 3, trustProxy })
    try {
      const c = await new Client(limited.url).init()
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (
            await c.postJson(
              '/api/suscripcion',
              { correoElectronico: `xff${i}@example.com`, autorizacionDatos: true },
              c.headers({ 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` }),
            )
          ).status,
        )
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await limited.close()
    }
  })

  it('an explicit proxy address still lets the proxy name the client', async () => {
    const limited = await startInProcess({ label: 'xff-addr', rateLimitMax: 2, trustProxy: configFromEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy })
    try {
      const c = await new Client(limited.url).init()
      const post = (ip: string) =>
        c.postJson(
          '/api/suscripcion',
          { correoElectronico: `p${ip}@example.com`, autorizacionDatos: true },
          c.headers({ 'content-type': 'application/json', 'x-forwarded-for': ip }),
        )
      expect([(await post('198.51.100.1')).status, (await post('198.51.100.1')).status, (await post('198.51.100.1')).status]).toEqual([200, 200, 429])
      expect((await post('198.51.100.2')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('behind HTTPS without TRUST_PROXY, a no-script filing is accepted', () => {
  const native = (origin: string) =>
    fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(Object.fromEntries(Object.entries(validPqrs()).map(([k, v]) => [k, String(v)]))).toString(),
    })

  it('Origin https://<same host and port> → filed (303)', async () => {
    const res = await native(server.url.replace('http:', 'https:'))
    expect(res.status).toBe(303)
  })

  it('another host over https is still refused', async () => {
    expect((await native('https://evil.example')).status).toBe(403)
    expect((await native(`https://127.0.0.1:${port() + 1}`)).status).toBe(403)
  })
})

describe('a 400 answer is bounded', () => {
  it('7,000 junk keys get one message, not 7,000', async () => {
    const junk = Object.fromEntries(Array.from({ length: 7_000 }, (_, i) => [i.toString(36), 1]))
    const res = await client.postJson('/api/pqrs', { ...validPqrs(), ...junk })
    expect(res.status).toBe(400)
    const text = await res.text()
    expect(text.length).toBeLessThan(2_000)
    expect(JSON.parse(text).fields).toEqual({ _formulario: 'El formulario contiene campos que no se esperan.' })
  })

  it('the no-script HTML answer is bounded too', async () => {
    const fields = new URLSearchParams(Object.fromEntries(Object.entries(validPqrs()).map(([k, v]) => [k, String(v)])))
    for (let i = 0; i < 3_000; i++) fields.append(`k${i}`, '1')
    const res = await fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.url },
      body: fields.toString(),
    })
    expect(res.status).toBe(400)
    expect((await res.text()).length).toBeLessThan(20_000)
  })
})

describe('NUL and bidirectional controls', () => {
  it('are stripped from stored fields and from attachment labels', async () => {
    const res = await client.postJson('/api/pqrs', validPqrs({ nombre: 'Ana\u0000\u202eMaría', mensaje: 'hola\u0000 mundo\u2066' }))
    expect(res.status).toBe(200)
    const form = new FormData()
    for (const [k, v] of Object.entries(historiaFields({ nombre: 'Luz\u0000' }))) form.append(k, v)
    form.append('pdf', new Blob([new Uint8Array(TINY_PDF)], { type: 'application/pdf' }), 'solicitud\u202efdp.exe')
    expect((await client.postForm('/api/historia-clinica', form)).status).toBe(200)
    const pqrs = await server.app.store.listFilings('pqrs')
    const datos = pqrs[pqrs.length - 1]!.datos
    expect(JSON.stringify(datos)).not.toMatch(/\u0000|\u202e|\u2066/)
    expect(datos.nombre).toBe('AnaMaría')
    expect(datos.mensaje).toBe('hola mundo')
    const historias = await server.app.store.listFilings('historia')
    expect(historias[historias.length - 1]!.adjuntos[0]!.nombreOriginal).toBe('solicitudfdp.pdf')
  })
})

describe('the no-script confirmation lookup is throttled', () => {
  it('probing numbers gets 429 after the budget', async () => {
    const limited = await startInProcess({ label: 'probe', lookupRateLimitMax: 5 })
    try {
      const statuses: number[] = []
      for (let i = 1; i <= 8; i++)
        statuses.push((await fetch(`${limited.url}/api/radicado?formulario=pqrsd&id=PQRS-2026-${String(i).padStart(6, '0')}`)).status)
      expect(statuses.slice(0, 5).every(s => s === 404)).toBe(true)
      expect(statuses.slice(5)).toEqual([429, 429, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('Content-Security-Policy and Permissions-Policy', () => {
  it('no unsafe-eval or unsafe-inline; frames only from the manifest embeds; Permissions-Policy denies unused features', async () => {
    const { manifest } = loadManifest()
    const urls = manifest.pages.flatMap(p =>
      (p.data.secciones ?? []).flatMap(s => ((s.tipo === 'video' || s.tipo === 'embebido') && 'url' in s ? [String(s.url)] : [])),
    )
    const origins = embedOrigins(urls)
    expect(origins).toContain('https://www.youtube-nocookie.com')
    for (const p of ['/', '/pqrsd', '/api/tipo-solicitud']) {
      const res = await client.get(p)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).not.toContain('unsafe-eval')
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain(`frame-src 'self' ${origins.join(' ')};`)
      const pp = res.headers.get('permissions-policy') ?? ''
      for (const f of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(pp).toContain(f)
    }
  })
})

describe('bounded shutdown', () => {
  it('SIGTERM does not wait on an SMTP server that never greets', async () => {
    const silent = net.createServer(() => undefined)
    await new Promise<void>(r => silent.listen(0, '127.0.0.1', () => r()))
    const smtpPort = (silent.address() as net.AddressInfo).port
    const child = await startChild(tempDataDir('smtp-silent'), { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_TO: 'siau@example.com' })
    try {
      const c = await new Client(child.url).init()
      expect((await c.postJson('/api/pqrs', validPqrs())).status).toBe(200)
      const started = Date.now()
      await child.close()
      // nodemailer alone waited 31 s; the bound is 5 s for e-mails and 10 s for the whole shutdown.
      expect(Date.now() - started).toBeLessThan(12_000)
    } finally {
      await child.kill()
      silent.close()
    }
    // Starting the server process takes most of this on a loaded machine (30 s ran out at load 15); the bound that
    // matters is the one measured above, from SIGTERM to exit.
  }, 90_000)
})

describe('answers that leak nothing, and a limit on every POST route', () => {
  it('the no-script confirmation page escapes `volver`: no HTML injected through /api/radicado', async () => {
    const server = await startInProcess({ label: 'regress-xss' })
    try {
      const client = await new Client(server.url).init()
      const filed = await client.postJson('/api/pqrs', validPqrs())
      expect(filed.status).toBe(200)
      const { id } = (await filed.json()) as { id: string }
      const evil = '/servicios"><script>alert(1)</script><a"'
      const res = await client.get(`/api/radicado?${new URLSearchParams({ formulario: 'pqrsd', id, volver: evil })}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain(id)
      expect(html).not.toContain('<script>alert(1)</script>')
      expect(html).toContain('href="/servicios&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a&quot;"')
    } finally {
      await server.close()
    }
  })

  it('an internal error answers 500 with the generic Spanish message: no stack, no file paths, no error text', async () => {
    const server = await startInProcess({ label: 'regress-500' })
    try {
      server.app.store.createFiling = async () => {
        throw new Error(`disco roto en ${path.join(server.dataDir, 'radicaciones.sqlite')}`)
      }
      const client = await new Client(server.url).init()
      const res = await client.postJson('/api/pqrs', validPqrs())
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ error: MSG.serverError, fields: {} })
      expect(text).not.toMatch(/disco roto|\.sqlite|\.ts\b|\bat \w|node_modules|stack/i)
    } finally {
      await server.close()
    }
  })

  it('every POST route the server registers answers 429 after RATE_LIMIT_MAX requests', async () => {
    const max = 2
    const server = await startInProcess({ label: 'regress-429', rateLimitMax: max })
    try {
      const posts = server.app.registeredRoutes.filter(r => r.method === 'POST').map(r => r.url)
      // The filing forms (from the manifests) and the office's routes are all there.
      expect(posts).toEqual(expect.arrayContaining(['/api/pqrs', '/api/cita', '/api/historia-clinica', '/api/suscripcion', '/api/oficina/sesion']))
      const client = await new Client(server.url).init()
      const unlimited: string[] = []
      for (const route of posts) {
        const url = route.replace(/:[A-Za-z]+/g, 'PQRS-2025-000001')
        let last: Response | undefined
        for (let i = 0; i <= max; i++) {
          last = await client.postJson(url, {})
          if (i < max) await last.arrayBuffer()
        }
        if (last!.status !== 429) unlimited.push(`${route} → ${last!.status}`)
        else expect(await last!.json()).toEqual({ error: MSG.rateLimited, fields: {} })
      }
      expect(unlimited).toEqual([])
    } finally {
      await server.close()
    }
  })
})
