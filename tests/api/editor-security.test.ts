import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningEditor, startEditor } from '../../scripts/lib/editorServer.ts'
import { freePort } from './helpers.ts'

/**
 * docs/decisions/staff-tooling.md: the browser editor obeys only its own page. Each attack of the red-team report is replayed
 * against a real `npm run editor` server (on a copy of the content) and must be refused; each differs from
 * a request the editor's own page makes in one respect only, and that request is shown to work.
 */
let tmp: string
let editor: RunningEditor
let port: number
let token: string
const own = () => `127.0.0.1:${port}`

interface Answer {
  status: number
  text: string
  json: any
}

function request(opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const rq = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path ?? '/', headers: opts.headers }, rs => {
      let text = ''
      rs.setEncoding('utf8').on('data', (d: string) => (text += d))
      rs.on('end', () => {
        let json: any
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        resolve({ status: rs.statusCode ?? 0, text, json })
      })
    })
    rq.on('error', reject)
    rq.end(opts.body)
  })
}

/** A call as the editor's page makes it (own Host and Origin, JSON, the page's secret), with `change` applied. */
function api(body: unknown, change: Record<string, string | undefined> = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    host: own(),
    origin: `http://${own()}`,
    'content-type': 'application/json; charset=utf-8',
    'x-editor-token': token,
    'sec-fetch-site': 'same-origin',
  }
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) delete headers[k]
    else headers[k] = v
  }
  return request({ method: 'POST', path: '/api/v1', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

const writePackageJson = {
  action: 'persistEntry',
  params: {
    branch: 'main',
    dataFiles: [{ path: 'package.json', raw: '{"scripts":{"postinstall":"node scripts/pwn.js"}}', slug: 'x' }],
    assets: [],
    options: { commitMessage: 'x' },
  },
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-seguridad-'))
  for (const dir of ['manifest', 'schemas', 'public']) fs.cpSync(path.resolve(dir), path.join(tmp, dir), { recursive: true })
  fs.writeFileSync(path.join(tmp, 'package.json'), '{"name":"copia"}\n')
  fs.mkdirSync(path.join(tmp, 'data'))
  fs.writeFileSync(path.join(tmp, 'data', 'secreto.txt'), 'radicado 123: datos de salud\n')
  // A link inside public/assets that leads to the server's data.
  fs.symlinkSync(path.join(tmp, 'data'), path.join(tmp, 'public', 'assets', 'fuga'), 'dir')
  port = await freePort()
  editor = await startEditor({ repo: tmp, root: process.cwd(), port, quiet: true })
  const page = await request({ path: '/admin/', headers: { host: own() } })
  token = /name="editor-token" content="([0-9a-f]+)"/.exec(page.text)?.[1] ?? ''
})

afterAll(async () => {
  await editor?.close()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

describe('the editor trusts only its own page', () => {
  it('links the site’s icon and serves it, so the browser logs no 404', async () => {
    const page = await request({ path: '/admin/', headers: { host: own() } })
    expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')
    const icon = await request({ path: '/favicon.svg', headers: { host: own() } })
    expect(icon.status).toBe(200)
    expect(icon.text).toContain('<svg')
  })

  it('gives its page a secret and answers the page’s own calls', async () => {
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const r = await api({ action: 'getEntry', params: { branch: 'main', path: 'manifest/site.yaml' } })
    expect(r.status).toBe(200)
    expect(r.json.data).toContain('nombre')
  })

  it('refuses a plain-text POST from another origin (the package.json attack) and writes nothing', async () => {
    const r = await api(writePackageJson, {
      origin: 'http://evil.example',
      'content-type': 'text/plain',
      'x-editor-token': undefined,
      'sec-fetch-site': 'cross-site',
    })
    expect(r.status).toBe(403)
    expect(fs.readFileSync(path.join(tmp, 'package.json'), 'utf8')).toBe('{"name":"copia"}\n')
  })

  it('refuses a state change whose Origin is foreign, even with the secret', async () => {
    const r = await api(
      { action: 'getEntry', params: { branch: 'main', path: 'manifest/site.yaml' } },
      { origin: 'http://evil.example', 'sec-fetch-site': undefined },
    )
    expect(r.status).toBe(403)
    expect(r.json.error).toMatch(/^Solicitud rechazada: solo la página del editor/)
  })

  it('refuses a foreign Host (DNS rebinding), even for a page or a file the editor shows', async () => {
    const call = await api(
      { action: 'getEntry', params: { branch: 'main', path: 'manifest/site.yaml' } },
      { host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
    )
    expect(call.status).toBe(403)
    expect(call.json.error).toMatch(/^Solicitud rechazada: el editor solo atiende en http:\/\/127\.0\.0\.1:/)
    const page = await request({ path: '/admin/', headers: { host: `evil.example:${port}` } })
    expect(page.status).toBe(403)
    expect(page.text).not.toContain('editor-token')
  })

  it('refuses a call without the page’s secret, or with a wrong one', async () => {
    const body = { action: 'getEntry', params: { branch: 'main', path: 'manifest/site.yaml' } }
    for (const wrong of [undefined, '', token.slice(0, 32), token.slice(0, -1) + (token.endsWith('0') ? '1' : '0')]) {
      const r = await api(body, { 'x-editor-token': wrong })
      expect(r.status).toBe(403)
      expect(r.json.error).toMatch(/falta la clave de esta sesión del editor/)
    }
  })

  it('never writes outside manifest/ and public/assets/ (package.json, scripts/) with every credential right', async () => {
    const r = await api(writePackageJson)
    expect(r.status).toBe(403)
    expect(r.json.error).toBe('El editor solo lee y escribe en manifest/ y public/assets/; «package.json» queda fuera.')
    expect(fs.readFileSync(path.join(tmp, 'package.json'), 'utf8')).toBe('{"name":"copia"}\n')
    const pwn = await api({
      action: 'persistMedia',
      params: { branch: 'main', asset: { path: 'scripts/pwn.ts', content: 'Y29uc29sZS5sb2coMSk=', encoding: 'base64' }, options: { commitMessage: 'x' } },
    })
    expect(pwn.status).toBe(403)
    expect(fs.existsSync(path.join(tmp, 'scripts', 'pwn.ts'))).toBe(false)
    // Nor a script or page into public/assets, which the public site serves.
    const html = await api({
      action: 'persistMedia',
      params: { branch: 'main', asset: { path: 'public/assets/x.html', content: 'PHNjcmlwdD4=', encoding: 'base64' }, options: { commitMessage: 'x' } },
    })
    expect(html.status).toBe(403)
    expect(fs.existsSync(path.join(tmp, 'public', 'assets', 'x.html'))).toBe(false)
  })

  it('never reads data/ (the citizens’ filings)', async () => {
    for (const body of [
      { action: 'getMediaFile', params: { branch: 'main', path: 'data/secreto.txt' } },
      { action: 'getEntry', params: { branch: 'main', path: 'manifest/../data/secreto.txt' } },
      { action: 'getMedia', params: { branch: 'main', mediaFolder: 'data' } },
    ]) {
      const r = await api(body)
      expect(r.status).toBe(403)
      expect(r.text).not.toContain('datos de salud')
    }
  })

  it('follows symlinks: a link in public/assets/ leading to data/ is out', async () => {
    const read = await api({ action: 'getMediaFile', params: { branch: 'main', path: 'public/assets/fuga/secreto.txt' } })
    expect(read.status).toBe(403)
    expect(read.text).not.toContain('datos de salud')
    const write = await api({
      action: 'persistMedia',
      params: { branch: 'main', asset: { path: 'public/assets/fuga/nuevo.pdf', content: 'JVBERi0=', encoding: 'base64' }, options: { commitMessage: 'x' } },
    })
    expect(write.status).toBe(403)
    expect(fs.existsSync(path.join(tmp, 'data', 'nuevo.pdf'))).toBe(false)
    const get = await request({ path: '/assets/fuga/secreto.txt', headers: { host: own() } })
    expect(get.status).toBe(404)
    expect(get.text).not.toContain('datos de salud')
  })

  it('never deletes a manifest file, and a delete that breaks the site is undone', async () => {
    const site = fs.readFileSync(path.join(tmp, 'manifest', 'site.yaml'))
    const r = await api({ action: 'deleteFile', params: { branch: 'main', path: 'manifest/site.yaml', options: { commitMessage: 'x' } } })
    expect(r.status).toBe(403)
    expect(r.json.error).toMatch(/^El editor no borra archivos de manifest\//)
    expect(fs.readFileSync(path.join(tmp, 'manifest', 'site.yaml'))).toEqual(site)
    const many = await api({
      action: 'deleteFiles',
      params: { branch: 'main', paths: ['public/assets/x.pdf', 'manifest/news/x.yaml'], options: { commitMessage: 'x' } },
    })
    expect(many.status).toBe(403)
    // A PDF a document row links: deleting it would break the list, so the validator refuses and it comes back.
    const pdf = 'public/assets/gestion/presupuesto/2025/acuerdo-presupuesto-2025.pdf'
    const bytes = fs.readFileSync(path.join(tmp, pdf))
    const del = await api({ action: 'deleteFile', params: { branch: 'main', path: pdf, options: { commitMessage: 'x' } } })
    expect(del.status).toBe(422)
    expect(fs.readFileSync(path.join(tmp, pdf))).toEqual(bytes)
  })

  it('the preview pane renders only manifest files, and only for its own page', async () => {
    const call = (body: unknown, change: Record<string, string | undefined> = {}) => {
      const headers: Record<string, string> = {
        host: own(),
        origin: `http://${own()}`,
        'content-type': 'application/json',
        'x-editor-token': token,
        'sec-fetch-site': 'same-origin',
      }
      for (const [k, v] of Object.entries(change)) {
        if (v === undefined) delete headers[k]
        else headers[k] = v
      }
      return request({ method: 'POST', path: '/api/vista-previa', headers, body: JSON.stringify(body) })
    }
    const list = {
      archivo: 'manifest/documents/presupuesto.yaml',
      datos: {
        id: 'presupuesto',
        titulo: 'Presupuesto general',
        filas: [{ anio: 2027, titulo: 'Acuerdo 2027', fecha: '2026-12-11', archivo: '/assets/x.pdf' }],
      },
    }
    const ok = await call(list)
    expect(ok.status).toBe(200)
    expect(ok.json.html).toContain('Acuerdo 2027')
    expect((await call(list, { 'x-editor-token': undefined })).status).toBe(403)
    expect((await call(list, { origin: 'http://evil.example' })).status).toBe(403)
    const outside = await call({ archivo: 'data/secreto.txt', datos: {} })
    expect(outside.json.html).toBeUndefined()
    expect(outside.text).not.toContain('datos de salud')
  })

  it('refuses to start when the server’s data would be inside what it edits', async () => {
    const inner = path.join(tmp, 'public', 'assets', 'datos')
    fs.mkdirSync(inner, { recursive: true })
    const saved = process.env.DATA_DIR
    process.env.DATA_DIR = inner
    try {
      await expect(startEditor({ repo: tmp, root: process.cwd(), port: await freePort(), quiet: true })).rejects.toThrow(
        /carpeta de datos del servidor .* está dentro de public\/assets\//,
      )
    } finally {
      if (saved === undefined) delete process.env.DATA_DIR
      else process.env.DATA_DIR = saved
      fs.rmSync(inner, { recursive: true, force: true })
    }
  })
})
