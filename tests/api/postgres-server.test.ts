/**
 * The server on PostgreSQL as production would run it: two `node src/server/main.ts`
 * processes with one DATABASE_URL and one shared DATA_DIR, staff accounts made by
 * `usuarios`, and the export read from the same database (docs/decisions/testing.md).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runExport } from '../../src/server/export.ts'
import { dropPostgresDatabase, freshPostgresDatabase, recreatePostgresDatabase } from '../helpers/postgres.ts'
import { Client, historiaForm, ROOT, startChild, tempDataDir, validPqrs, type ChildServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const ADMIN = { correo: 'jefe.siau@hospital.gov.co', clave: 'una clave larga de prueba 1' }

describe('two server processes on one PostgreSQL database and one DATA_DIR', () => {
  let databaseUrl: string
  let dataDir: string
  let servers: ChildServer[] = []

  const usuarios = (args: string[], input = '') =>
    spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', args), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      input,
      encoding: 'utf8',
    })

  beforeAll(async () => {
    databaseUrl = await freshPostgresDatabase('server')
    dataDir = tempDataDir('pg-shared')
    // The two processes start together on an empty database: the migrations run once, under their lock.
    servers = await Promise.all([startChild(dataDir, { DATABASE_URL: databaseUrl }), startChild(dataDir, { DATABASE_URL: databaseUrl })])
  })
  afterAll(async () => {
    await Promise.all(servers.map(s => s.close()))
    if (databaseUrl) await dropPostgresDatabase(databaseUrl)
  })

  it('filings sent to both at once: every answered number stored once, none reused, no gap; attachments in the shared DATA_DIR; the export reads them all', async () => {
    const [a, b] = await Promise.all(servers.map(s => new Client(s.url).init()))
    const clients = [a!, b!]
    const answers = await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => clients[i % 2]!.postJson('/api/pqrs', validPqrs({ mensaje: `mensaje número ${i} enviado a la vez` }))),
      ...clients.map(c => c.postForm('/api/historia-clinica', historiaForm())),
    ])
    expect(answers.map(r => r.status)).toEqual(answers.map(() => 200))
    const ids = await Promise.all(answers.map(async r => ((await r.json()) as { id: string }).id))
    const pqrs = ids.filter(id => id.startsWith('PQRS-'))
    const hc = ids.filter(id => id.startsWith('HC-'))
    const seq = (list: string[]) => list.map(id => Number(id.split('-')[2])).sort((x, y) => x - y)
    expect(seq(pqrs)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1))
    expect(seq(hc)).toEqual([1, 2])

    // The data is in PostgreSQL, not in an SQLite file of DATA_DIR; the uploads are in DATA_DIR.
    expect(fs.existsSync(path.join(dataDir, 'radicaciones.sqlite'))).toBe(false)
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl }
    const csv = await runExport(['pqrs'], env)
    for (const id of pqrs) expect(csv.split(`"${id}"`)).toHaveLength(2)
    const historias = await runExport(['historias'], env)
    const kept = [...historias.matchAll(/adjuntos\/([0-9a-f-]+\.pdf)/g)].map(m => m[1]!)
    expect(kept).toHaveLength(2)
    for (const f of kept) expect(fs.existsSync(path.join(dataDir, 'adjuntos', f))).toBe(true)
  })

  it('an account made by usuarios signs in on one process; its session works on the other, and signing out on either ends it on both', async () => {
    expect(usuarios(['crear', ADMIN.correo, '--nombre', 'Jefe SIAU', '--rol', 'admin'], `${ADMIN.clave}\n`)).toMatchObject({ status: 0 })
    expect(usuarios(['lista']).stdout).toContain(`${ADMIN.correo}\tJefe SIAU\tadmin`)
    const [a, b] = servers.map(s => s.url)
    const xsrf = (await new Client(a!).init()).token
    const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' }
    const signIn = await fetch(`${a}/api/oficina/sesion`, { method: 'POST', headers, body: JSON.stringify(ADMIN) })
    expect(signIn.status).toBe(200)
    const session = signIn.headers
      .getSetCookie()
      .find(c => c.startsWith('oficina_sesion='))!
      .split(';')[0]!
    const withSession = { ...headers, cookie: `${headers.cookie}; ${session}` }
    for (const url of [a, b]) {
      const inbox = await fetch(`${url}/api/oficina/radicaciones`, { headers: withSession })
      expect(inbox.status).toBe(200)
      expect(((await inbox.json()) as { total: number }).total).toBe(26)
    }
    expect((await fetch(`${b}/api/oficina/salir`, { method: 'POST', headers: { cookie: withSession.cookie, 'x-xsrf-token': xsrf } })).status).toBeLessThan(400)
    for (const url of [a, b]) expect((await fetch(`${url}/api/oficina/radicaciones`, { headers: withSession })).status).toBe(401)
    // Both processes audited into the one trail.
    const audit = await runExport(['auditoria'], { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
    expect(audit).toContain('"acceso"')
    expect(audit).toContain('"salida"')
  })
})

describe('PostgreSQL not answering when the server starts (a reboot where the database comes up last)', () => {
  let server: ChildServer | undefined
  let databaseUrl = ''
  afterAll(async () => {
    await server?.close()
    if (databaseUrl) await dropPostgresDatabase(databaseUrl)
  })

  it('the site is served and filings are refused in Spanish; once the database answers, filings are received without a restart', async () => {
    databaseUrl = await freshPostgresDatabase('late')
    await dropPostgresDatabase(databaseUrl) // the URL now names a database the server cannot reach
    server = await startChild(tempDataDir('pg-late'), { DATABASE_URL: databaseUrl })
    expect((await fetch(`${server.url}/`)).status).toBe(200)
    const client = await new Client(server.url).init()
    const refused = await client.postJson('/api/pqrs', validPqrs())
    expect(refused.status).toBe(503)
    expect(((await refused.json()) as { error: string }).error).toMatch(/no está disponible|Intente de nuevo/)
    expect(server.output()).toContain('NO SE RECIBEN RADICACIONES POR AHORA')

    await recreatePostgresDatabase(databaseUrl)
    let id: string | undefined
    const deadline = Date.now() + 30_000
    while (!id && Date.now() < deadline) {
      const r = await client.postJson('/api/pqrs', validPqrs({ mensaje: 'enviada cuando la base de datos volvió' }))
      if (r.status === 200) id = ((await r.json()) as { id: string }).id
      else {
        expect(r.status).toBe(503)
        await new Promise(resolve => setTimeout(resolve, 500))
      }
    }
    expect(id).toMatch(/^PQRS-\d{4}-000001$/)
    const csv = await runExport(['pqrs'], { ...process.env, DATA_DIR: tempDataDir('pg-late-export'), DATABASE_URL: databaseUrl })
    expect(csv).toContain(`"${id}"`)
  })
})
