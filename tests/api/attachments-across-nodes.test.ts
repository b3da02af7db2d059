/**
 * Attachments in PostgreSQL (docs/decisions/platform.md, «Attachments in PostgreSQL»): two server nodes of site A, each
 * with its own data folder, share only the database. A citizen's attachment received by node 1 downloads, the same
 * bytes, from node 2's office, and node 2's backup holds it; the office's answer PDF given on node 1 reaches the
 * citizen through node 2; staff of site B (a third server, on the same database)
 * cannot get it, and B's connection sees none of A's stored bytes.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { SITE_KEY_VARIABLE } from '../../src/server/store/siteProof.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { Client, FILING_PLAN, historiaForm, historiaFields, type RunningServer, signInStaff, startInProcess, tempDataDir } from './helpers.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const KEY = randomBytes(32).toString('hex')
const STAFF = { correo: 'archivo@hospital.gov.co', clave: 'una clave larga de prueba 123' }
// A PDF of its own bytes: what node 2 sends must be this file, not any file.
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), randomBytes(2048), Buffer.from('\n%%EOF\n', 'latin1')])

let database: PlatformDatabase | undefined
const keyBefore = process.env[SITE_KEY_VARIABLE]
const servers: RunningServer[] = []
let node1: RunningServer
let node2: RunningServer
let siteB: RunningServer

beforeAll(async () => {
  process.env[SITE_KEY_VARIABLE] = KEY
  database = await platformDatabase('adjuntos_nodos', `duenio_adj_${suffix}`, `servidor_adj_${suffix}`, KEY)
  for (const site of ['a', 'b']) {
    const store = await openFilingStore({ dataDir: tempDataDir(`cuentas-${site}`), plan: FILING_PLAN, databaseUrl: database.serverUrl, siteId: site })
    try {
      await store.createAccount({ correo: STAFF.correo, nombre: `Archivo ${site}`, rol: 'admin', clave: await hashPassword(STAFF.clave) })
    } finally {
      await store.close()
    }
  }
  const start = async (label: string, siteId: string) => {
    const server = await startInProcess({ label, databaseUrl: database!.serverUrl, siteId })
    servers.push(server)
    return server
  }
  node1 = await start('nodo1', 'a')
  node2 = await start('nodo2', 'a')
  siteB = await start('sitio-b', 'b')
}, 120_000)

afterAll(async () => {
  for (const s of servers) await s.close()
  await database?.drop()
  if (keyBefore === undefined) delete process.env[SITE_KEY_VARIABLE]
  else process.env[SITE_KEY_VARIABLE] = keyBefore
})

describe('attachments on nodes sharing only PostgreSQL', () => {
  let radicado = ''
  let codigo = ''

  it('a citizen’s attachment received by node 1 downloads, the same bytes, from node 2; node 2’s backup holds it', async () => {
    const res = await (await new Client(node1.url).init()).postForm(
      '/api/historia-clinica',
      historiaForm(historiaFields(), { content: PDF, name: 'solicitud.pdf' }),
    )
    expect(res.status).toBe(200)
    ;({ id: radicado, codigo } = (await res.json()) as { id: string; codigo: string })
    // Node 2 has no copy of its own: only the database can give it.
    expect(fs.readdirSync(path.join(node2.dataDir, 'adjuntos')).filter(f => f !== '.tmp')).toEqual([])

    const staff = await signInStaff(node2.url, STAFF)
    const download = await staff.get(`/api/oficina/radicaciones/${radicado}/adjuntos/0`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true)

    const made = await createBackup({
      dataDir: node2.dataDir,
      databaseUrl: database!.serverUrl,
      siteId: 'a',
      destination: path.join(node2.dataDir, 'respaldos'),
      programVersion: 'prueba',
    })
    expect({ adjuntos: made.manifest.adjuntos, faltantes: made.manifest.adjuntosFaltantes }).toEqual({ adjuntos: 1, faltantes: [] })
  }, 60_000)

  it('the office’s answer PDF uploaded on node 1 is what the citizen downloads through node 2', async () => {
    const answer = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), randomBytes(1024), Buffer.from('\n%%EOF\n', 'latin1')])
    const form = new FormData()
    form.append('accion', 'responder')
    form.append('texto', 'Adjuntamos la copia de su historia clínica.')
    form.append('archivo', new Blob([new Uint8Array(answer)], { type: 'application/pdf' }), 'respuesta.pdf')
    expect((await (await signInStaff(node1.url, STAFF)).act(radicado, form)).status).toBe(200)
    const pdf = await (await new Client(node2.url).init()).postJson('/api/consulta/respuesta', { radicado, codigo })
    expect(pdf.status).toBe(200)
    expect(Buffer.from(await pdf.arrayBuffer()).equals(answer)).toBe(true)
  })

  it('staff of site B cannot get A’s attachment, and B’s connection sees none of A’s stored bytes (its attachment and its answer)', async () => {
    const staffB = await signInStaff(siteB.url, STAFF)
    expect((await staffB.get(`/api/oficina/radicaciones/${radicado}/adjuntos/0`)).status).toBe(404)
    const count = (site: string) => querySite<{ n: string }>(database!.serverUrl, site, 'SELECT COUNT(*) AS n FROM adjuntos_contenido', [], KEY)
    expect([(await count('a'))[0]!.n, (await count('b'))[0]!.n]).toEqual(['2', '0'])
  })
})
