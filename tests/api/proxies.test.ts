import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientDir, freePort, historiaFields, ROOT, startChild, tempDataDir, TINY_PDF, validPqrs, type ChildServer } from './helpers.ts'

/**
 * docs/decisions/testing.md: the Caddy and nginx files shipped in `despliegue/` put HTTPS in front of the server as the guide
 * says. Each proxy is Debian's own binary, started on loopback with the shipped file (only the domain, ports and
 * certificate paths replaced), and a visitor goes through it over real TLS: a page, a PQRSD with and without
 * JavaScript, an upload larger than nginx's default limit, the Secure cookie, one HSTS header, the static files'
 * cache headers, and a per-visitor limit that sees the visitor's address (127.0.0.x), not the proxy's.
 */

const DOMAIN = 'sitio.hospital.gov.co'
const HOST = 'sitio.prueba'
const LIMIT = 4

let server: ChildServer
let work: string

beforeAll(async () => {
  work = tempDataDir('proxies')
  server = await startChild(path.join(work, 'data'), { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_MAX: String(LIMIT) })
})
afterAll(async () => {
  await server?.close()
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One HTTPS request to the proxy on 127.0.0.1:port, from the visitor address `from`, checking the certificate against `ca`. */
function request(
  port: number,
  ca: Buffer,
  from: string,
  p: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        method: init.method ?? 'GET',
        servername: HOST,
        ca,
        localAddress: from,
        headers: { host: `${HOST}:${port}`, ...init.headers },
        agent: false,
      },
      res => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

/** The shipped file with the production values replaced; each must still be in the file, or the test would check nothing. */
function shipped(file: string, replacements: Array<[string, string]>): string {
  let text = fs.readFileSync(path.join(ROOT, 'despliegue', file), 'utf8')
  for (const [from, to] of replacements) {
    expect(text, `${file} ya no contiene «${from}»`).toContain(from)
    text = text.split(from).join(to)
  }
  return text
}

async function waitForProxy(port: number, ca: () => Buffer | undefined, proc: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`El proxy terminó al iniciar:\n${log()}`)
    const certificate = ca()
    if (certificate) {
      try {
        if ((await request(port, certificate, '127.0.0.1', '/salud')).status === 200) return
      } catch {
        // not listening yet, or the certificate not issued yet
      }
    }
    if (Date.now() > deadline) throw new Error(`El proxy no respondió a tiempo:\n${log()}`)
    await new Promise(r => setTimeout(r, 200))
  }
}

function start(command: string, args: string[], env: Record<string, string> = {}): { proc: ChildProcess; log: () => string } {
  let out = ''
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  return { proc, log: () => out }
}

async function stop(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
  const exited = new Promise(r => proc.once('exit', r))
  proc.kill('SIGTERM')
  await exited
}

/** The journey through one proxy; `visitors` are two loopback addresses no other journey uses. */
async function journey(port: number, ca: Buffer, visitors: [string, string]): Promise<void> {
  const [a, b] = visitors
  const origin = `https://${HOST}:${port}`

  // A page, in Spanish, with one HSTS header (the server's; the proxy adds none of its own).
  const home = await request(port, ca, a, '/')
  expect(home.status).toBe(200)
  expect(/<html[^>]* lang="es"/.test(home.body)).toBe(true)
  expect(home.body).toContain('Bienvenidos')
  expect(home.headers['strict-transport-security']).toBe('max-age=31536000')

  // Static files keep the cache headers the server gives them.
  const asset = fs.readdirSync(path.join(clientDir(), '_app'), { recursive: true, encoding: 'utf8' }).find(f => f.endsWith('.css'))!
  const direct = await fetch(`${server.url}/_app/${asset}`)
  await direct.arrayBuffer()
  const proxied = await request(port, ca, a, `/_app/${asset}`)
  expect(proxied.status).toBe(200)
  expect(proxied.headers['cache-control']).toBe(direct.headers.get('cache-control'))
  expect(proxied.headers['cache-control']).toContain('immutable')

  // The anti-forgery cookie is marked Secure: the server knows the visitor came over HTTPS.
  const types = await request(port, ca, a, '/api/tipo-solicitud')
  const cookie = ([types.headers['set-cookie']].flat().filter(Boolean) as string[]).find(c => c.startsWith('XSRF-TOKEN='))!
  expect(cookie).toMatch(/;\s*Secure/i)
  const token = cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)
  const withScript = (visitor: string) =>
    request(port, ca, visitor, '/api/pqrs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, origin },
      body: JSON.stringify(validPqrs()),
    })

  // A PQRSD with JavaScript.
  const filed = await withScript(a)
  expect(filed.status).toBe(200)
  expect(JSON.parse(filed.body).id).toMatch(/^PQRS-\d{4}-\d{6}$/)

  // A PQRSD without JavaScript: the browser's Origin is https://<domain>, which the server accepts through the proxy.
  const native = await request(port, ca, a, '/api/pqrs', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin, referer: `${origin}/pqrsd` },
    body: new URLSearchParams(Object.entries(validPqrs()).map(([k, v]) => [k, String(v)])).toString(),
  })
  expect(native.status).toBe(303)
  expect(String(native.headers.location)).toMatch(/PQRS-\d{4}-\d{6}/)

  // A clinical-record request with a 2 MB PDF: more than nginx's default body limit (1 MB).
  const boundary = '----prueba' + Date.now()
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(historiaFields())) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  const pdf = Buffer.concat([TINY_PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)])
  parts.push(
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="pdf"; filename="solicitud.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  const upload = await request(port, ca, a, '/api/historia-clinica', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, origin },
    body: Buffer.concat(parts),
  })
  expect(upload.status, upload.body.slice(0, 300)).toBe(200)

  // The per-visitor limit (one count over every filing form): visitor A has filed 3 times; it reaches the limit,
  // visitor B, behind the same proxy, is not affected.
  for (let i = 3; i < LIMIT; i++) expect((await withScript(a)).status).toBe(200)
  expect((await withScript(a)).status).toBe(429)
  expect((await withScript(b)).status).toBe(200)

  // Metrics are never served through the proxy, with or without a final slash.
  expect((await request(port, ca, b, '/metricas')).status).toBe(404)
  const slash = await request(port, ca, b, '/metricas/')
  expect(slash.status).toBe(404)
  expect(slash.body).not.toContain('# TYPE')
}

describe('HTTPS in front of the server, with the files of despliegue/', () => {
  it('Caddy (certificates from its internal authority) serves the site, both kinds of filing and the per-visitor limit', async () => {
    const port = await freePort()
    const httpPort = await freePort()
    const home = path.join(work, 'caddy')
    fs.mkdirSync(home, { recursive: true })
    const site = shipped('Caddyfile', [
      [DOMAIN, `${HOST}:${port}`],
      ['127.0.0.1:3000', server.url.replace('http://', '')],
    ])
    // The production file has no global options; the test's only say: internal certificates, no admin endpoint, its own ports.
    fs.writeFileSync(
      path.join(home, 'Caddyfile'),
      `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${port}\n}\n\n${site}`,
    )
    const { proc, log } = start('caddy', ['run', '--config', path.join(home, 'Caddyfile'), '--adapter', 'caddyfile'], {
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'datos'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
    })
    try {
      const root = path.join(home, 'datos', 'caddy', 'pki', 'authorities', 'local', 'root.crt')
      await waitForProxy(port, () => (fs.existsSync(root) ? fs.readFileSync(root) : undefined), proc, log)
      await journey(port, fs.readFileSync(root), ['127.0.0.2', '127.0.0.3'])
    } finally {
      await stop(proc)
    }
  })

  it('nginx (a throwaway certificate) serves the site, both kinds of filing, a 2 MB upload, the per-visitor limit, and the Spanish 503 when the server is down', async () => {
    const port = await freePort()
    const httpPort = await freePort()
    const dir = path.join(work, 'nginx')
    fs.mkdirSync(path.join(dir, 'logs'), { recursive: true })
    const cert = path.join(dir, 'cert.pem')
    const key = path.join(dir, 'key.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=DNS:${HOST}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    )
    const site = shipped('nginx-sitio-hospital.conf', [
      [`/etc/letsencrypt/live/${DOMAIN}/fullchain.pem`, cert],
      [`/etc/letsencrypt/live/${DOMAIN}/privkey.pem`, key],
      [DOMAIN, HOST],
      ['listen 443 ssl', `listen 127.0.0.1:${port} ssl`],
      ['listen 80;', `listen 127.0.0.1:${httpPort};`],
      // The IPv6 lines: on loopback only too, on the test's ports.
      ['listen [::]:443 ssl', `listen [::1]:${port} ssl`],
      ['listen [::]:80;', `listen [::1]:${httpPort};`],
      ['127.0.0.1:3000', server.url.replace('http://', '')],
    ])
    fs.writeFileSync(path.join(dir, 'sitio.conf'), site)
    // What Debian's /etc/nginx/nginx.conf gives the site file, with every path in the test's folder.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(t => `\t${t}_temp_path ${path.join(dir, t)};`).join('\n')
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;\nworker_processes 1;\npid ${path.join(dir, 'nginx.pid')};\nerror_log ${path.join(dir, 'logs', 'error.log')} warn;\n` +
        `events { worker_connections 64; }\nhttp {\n\taccess_log off;\n${temp}\n\tinclude ${path.join(dir, 'sitio.conf')};\n}\n`,
    )
    const { proc, log } = start('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs', 'error.log')])
    try {
      await waitForProxy(
        port,
        () => fs.readFileSync(cert),
        proc,
        () => log() + (fs.existsSync(path.join(dir, 'logs', 'error.log')) ? fs.readFileSync(path.join(dir, 'logs', 'error.log'), 'utf8') : ''),
      )
      await journey(port, fs.readFileSync(cert), ['127.0.0.4', '127.0.0.5'])
      // The server stops (a restart during npm run actualizar): nginx answers the site's Spanish 503, as JSON to the
      // page's script and as a page to a browser without JavaScript, never its own 502 page. (The server is not used
      // after this, the last journey; Caddy's side is tested through a real update in actualizar.test.ts.)
      await server.close()
      const json = await request(port, fs.readFileSync(cert), '127.0.0.4', '/api/pqrs', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(validPqrs()),
      })
      expect(json.status).toBe(503)
      expect(JSON.parse(json.body)).toEqual({ error: 'El servicio no está disponible en este momento. Intente de nuevo más tarde.' })
      const page = await request(port, fs.readFileSync(cert), '127.0.0.4', '/api/pqrs', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
        body: 'nombre=Ana',
      })
      expect(page.status).toBe(503)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.body).toContain('<html lang="es">')
      expect(page.body).toContain('El servicio no está disponible en este momento. Intente de nuevo más tarde.')
      // A gateway timeout may come after the server stored the filing: the page never says it was not received.
      expect(page.body).toContain('es posible que no se haya recibido')
    } finally {
      await stop(proc)
    }
  })
})
