import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editorConfig, type Field } from '../../scripts/lib/editorConfig.ts'
import { type RunningEditor, startEditor } from '../../scripts/lib/editorServer.ts'
import { freePort } from './helpers.ts'

/**
 * docs/decisions/staff-tooling.md, «Identifiers fixed after creation»: a news item's identifier, a page's route and a
 * document list's identifier are what other files, menus and outside links cite. The editor's form shows them
 * read-only with the reason; its page server refuses a save that changes one (or renames the file) and writes
 * nothing, while a save that keeps it goes through. Against a real `npm run editor` server on a copy of the content.
 */
let tmp: string
let editor: RunningEditor
let port: number
let token: string
const own = () => `127.0.0.1:${port}`

function post(body: unknown, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const rq = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1', headers }, rs => {
      let text = ''
      rs.setEncoding('utf8').on('data', (d: string) => (text += d))
      rs.on('end', () => resolve({ status: rs.statusCode ?? 0, json: JSON.parse(text) }))
    })
    rq.on('error', reject)
    rq.end(JSON.stringify(body))
  })
}

/** A save as the editor's page makes it: the file's whole text, from the page's own origin with its secret. */
function save(file: string, raw: string, newPath?: string) {
  return post(
    {
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ path: file, raw, slug: 'x', ...(newPath ? { newPath } : {}) }],
        assets: [],
        options: { commitMessage: 'x', useWorkflow: false, status: 'draft' },
      },
    },
    { host: own(), origin: `http://${own()}`, 'content-type': 'application/json', 'x-editor-token': token, 'sec-fetch-site': 'same-origin' },
  )
}

const NEWS = 'manifest/news/nueva-ambulancia.yaml'
const PAGE = 'manifest/pages/accesibilidad.yaml'
const read = (rel: string) => fs.readFileSync(path.join(tmp, rel), 'utf8')

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-identificadores-'))
  for (const dir of ['manifest', 'schemas', 'public']) fs.cpSync(path.resolve(dir), path.join(tmp, dir), { recursive: true })
  port = await freePort()
  editor = await startEditor({ repo: tmp, root: process.cwd(), port, quiet: true })
  const page = await new Promise<string>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path: '/admin/', headers: { host: own() } }, rs => {
        let t = ''
        rs.setEncoding('utf8').on('data', (d: string) => (t += d))
        rs.on('end', () => resolve(t))
      })
      .on('error', reject),
  )
  token = /name="editor-token" content="([0-9a-f]+)"/.exec(page)?.[1] ?? ''
})

afterAll(async () => {
  await editor?.close()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

describe('identifiers fixed after creation', () => {
  it('the form shows the news item’s identifier, the page’s route and the list’s identifier with the read-only widget and its reason', () => {
    const config = editorConfig({ root: tmp, localBackendUrl: 'http://127.0.0.1:1/api/v1' }) as { collections: any[] }
    const of = (name: string) => config.collections.find(c => c.name === name)
    const field = (fields: Field[], name: string) => fields.find(f => f.name === name)
    expect(field(of('noticias').fields, 'id')).toMatchObject({ widget: 'identificador', reason: expect.stringMatching(/después no se puede cambiar/) })
    for (const page of of('paginas').files)
      expect(field(page.fields, 'ruta')).toMatchObject({ widget: 'identificador', reason: expect.stringMatching(/^No se puede cambiar/) })
    for (const list of of('documentos').files) expect(field(list.fields, 'id')).toMatchObject({ widget: 'identificador' })
  })

  it('refuses a news item whose identifier changed, with the field and a Spanish reason, and writes nothing', async () => {
    const before = read(NEWS)
    const r = await save(NEWS, before.replace('id: nueva-ambulancia', 'id: ambulancia-nueva'))
    expect(r.status).toBe(422)
    expect(r.json.problemas).toEqual([
      expect.objectContaining({
        archivo: NEWS,
        linea: 1,
        columna: 5,
        campo: 'Identificador',
        ruta: ['id'],
        mensaje: expect.stringMatching(/^No se guardó: «Identificador» era «nueva-ambulancia» y no se puede cambiar\./),
      }),
    ])
    expect(read(NEWS)).toBe(before)
  })

  it('refuses a page whose route changed, and a news item saved under another file name', async () => {
    const page = read(PAGE)
    const r = await save(PAGE, page.replace(/^ruta: .*$/m, 'ruta: /gestion'))
    expect(r.status).toBe(422)
    expect(r.json.problemas[0]).toMatchObject({ campo: 'Ruta (dirección de la página)', ruta: ['ruta'] })
    expect(r.json.error).toMatch(/es la dirección de la página/)
    expect(read(PAGE)).toBe(page)
    const news = read(NEWS)
    const moved = await save(NEWS, news, 'manifest/news/otra.yaml')
    expect(moved.status).toBe(422)
    expect(moved.json.error).toMatch(/no se puede renombrar/)
    expect(fs.existsSync(path.join(tmp, 'manifest/news/otra.yaml'))).toBe(false)
  })

  it('saves a change that keeps the identifier', async () => {
    const before = read(NEWS)
    const r = await save(NEWS, before.replace('titulo: Nueva ambulancia de transporte asistencial básico', 'titulo: Nueva ambulancia para la zona rural'))
    expect(r.json.error).toBeUndefined()
    expect(r.status).toBe(200)
    expect(read(NEWS)).toContain('titulo: Nueva ambulancia para la zona rural')
    expect(read(NEWS)).toContain('id: nueva-ambulancia')
  })
})
