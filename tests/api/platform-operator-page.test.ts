/**
 * The platform operator's page (src/server/operatorPage.ts; docs/decisions/platform.md, «The operator's page»): on
 * the platform's front, on the server itself, `/plataforma` shows every site's row of the overview to an operator
 * account only (a hospital's administrator, with its right password, is refused), `/plataforma/sitios.csv` gives the
 * command's CSV, every view and refused attempt is in the platform's audit trail before anything is shown, and an
 * address outside METRICAS_PERMITIDAS gets the unknown host's 404. In process (`inject`), no site built or started.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/manifest/platform.ts'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { addOperator, OPERATOR_AUDIT_FILE, readOperators } from '../../src/server/operatorAccounts.ts'
import { runOperatorCommand } from '../../src/server/operatorCommand.ts'
import { siteList } from '../../src/server/siteListCommand.ts'
import { buildHostsServer, UNKNOWN_HOST_TEXT } from '../../src/server/siteHosts.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { fileB, writeOverviewSites } from '../helpers/overviewSites.ts'
import { pinnedClock } from '../helpers/testClock.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'

const dir = path.resolve('test-results/plataforma-operador')
const serviceData = path.join(dir, 'data')
const OPERATOR = { correo: 'operadora@plataforma.example.gov.co', clave: 'una clave larga de operación 42' }
const HOSPITAL_ADMIN = { correo: 'admin@a.example.gov.co', clave: 'la clave del hospital A 77' }
let platform: Platform
let front: FastifyInstance

const basic = (correo: string, clave: string) => ({ authorization: `Basic ${Buffer.from(`${correo}:${clave}`).toString('base64')}` })
const auditLines = (): { evento: string; cuenta: string; direccion: string }[] => {
  const file = path.join(serviceData, OPERATOR_AUDIT_FILE)
  return fs.existsSync(file) && fs.statSync(file).isFile()
    ? fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(l => JSON.parse(l))
    : []
}

beforeAll(async () => {
  platform = writeOverviewSites(dir)
  await fileB(platform, undefined)
  await addOperator(serviceData, OPERATOR.correo, 'Operadora', OPERATOR.clave)
  // Site A's own administrator, in A's store: a real account, of a hospital.
  const a = platform.sites[0]!
  const store = await openFilingStore({ dataDir: a.dataDir, plan: loadFilingForms(a.manifestDir).plan, siteId: 'a' })
  try {
    await store.createAccount({ correo: HOSPITAL_ADMIN.correo, nombre: 'Admin A', rol: 'admin', clave: await hashPassword(HOSPITAL_ADMIN.clave) })
  } finally {
    await store.close()
  }
  front = await buildHostsServer({ dataDir: serviceData, clientDir: dir, logLevel: 'silent', now: pinnedClock().now }, platform)
}, 60_000)
afterAll(async () => {
  await front?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the operator’s page', () => {
  it('refuses no account and a hospital’s administrator (audited), and shows the operator every site, A and B marked', async () => {
    const none = await front.inject({ url: '/plataforma' })
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toMatch(/^Basic /)
    const staff = await front.inject({ url: '/plataforma', headers: basic(HOSPITAL_ADMIN.correo, HOSPITAL_ADMIN.clave) })
    expect(staff.statusCode).toBe(401)
    expect(staff.body).not.toContain('E.S.E. Hospital')
    expect(auditLines().at(-1)).toMatchObject({ evento: 'acceso-rechazado', cuenta: HOSPITAL_ADMIN.correo })

    const page = await front.inject({ url: '/plataforma', headers: basic(OPERATOR.correo, OPERATOR.clave) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    const doc = parse(page.body)
    const rows = doc.querySelectorAll('tbody tr').map(tr => tr.querySelectorAll('td').map(td => td.textContent))
    expect(rows.map(r => [r[0], r[1], r[9], r[10]])).toEqual([
      ['! Requiere atención', 'a', '0', '0'],
      ['! Requiere atención', 'b', '2', '1'],
      ['—', 'c', '0', '0'],
    ])
    expect(doc.querySelector('[role="status"]')?.textContent).toBe('3 sitios; 2 requieren atención: a (el último respaldo falló), b (1 radicación vencida).')
    expect(auditLines().at(-1)).toMatchObject({ evento: 'ver-resumen-plataforma', cuenta: OPERATOR.correo, direccion: '127.0.0.1' })
  })

  it('the CSV download is the command’s CSV, audited', async () => {
    const csv = await front.inject({ url: '/plataforma/sitios.csv', headers: basic(OPERATOR.correo, OPERATOR.clave) })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const command = await siteList(['--csv'], { PLATAFORMA: path.join(dir, 'plataforma.yaml') }, pinnedClock().now)
    expect(csv.body).toBe(command.output)
    expect(auditLines().at(-1)).toMatchObject({ evento: 'descargar-resumen-plataforma', cuenta: OPERATOR.correo })
  })

  it('from an address outside METRICAS_PERMITIDAS: the unknown host’s 404, nothing audited', async () => {
    const before = auditLines().length
    const far = await front.inject({ url: '/plataforma', remoteAddress: '203.0.113.9', headers: basic(OPERATOR.correo, OPERATOR.clave) })
    expect(far.statusCode).toBe(404)
    expect(far.body).toBe(UNKNOWN_HOST_TEXT)
    expect(auditLines()).toHaveLength(before)
  })

  it('when the audit trail cannot be written, nothing is shown', async () => {
    const file = path.join(serviceData, OPERATOR_AUDIT_FILE)
    fs.renameSync(file, `${file}.aparte`)
    fs.mkdirSync(file)
    try {
      const page = await front.inject({ url: '/plataforma', headers: basic(OPERATOR.correo, OPERATOR.clave) })
      expect(page.statusCode).toBe(503)
      expect(page.body).not.toContain('E.S.E. Hospital')
    } finally {
      fs.rmdirSync(file)
      fs.renameSync(`${file}.aparte`, file)
    }
  })

  it('five refused attempts from one address close the page to it, even with the right password', async () => {
    const ip = '::1'
    for (let i = 0; i < 5; i++)
      expect((await front.inject({ url: '/plataforma', remoteAddress: ip, headers: basic(OPERATOR.correo, `mala ${i}`) })).statusCode).toBe(401)
    expect((await front.inject({ url: '/plataforma', remoteAddress: ip, headers: basic(OPERATOR.correo, OPERATOR.clave) })).statusCode).toBe(429)
  })

  it('npm run sitio -- operador: a weak password or a taken e-mail changes nothing; a removed account no longer opens the page', async () => {
    const env = { DATA_DIR: serviceData }
    const io = (password: string) => ({ readPassword: async () => password, out: () => undefined })
    const before = fs.readFileSync(path.join(serviceData, 'operadores.json'), 'utf8')
    await expect(runOperatorCommand(['crear', 'otra@plataforma.example.gov.co'], io('corta'), env)).rejects.toThrow(/al menos 12 caracteres/)
    await expect(runOperatorCommand(['crear', OPERATOR.correo.toUpperCase()], io('otra clave larga de prueba 9'), env)).rejects.toThrow(/Ya existe/)
    expect(fs.readFileSync(path.join(serviceData, 'operadores.json'), 'utf8')).toBe(before)
    await runOperatorCommand(['crear', 'temporal@plataforma.example.gov.co', '--nombre', 'Temporal'], io('otra clave bastante larga 123'), env)
    const temporal = basic('temporal@plataforma.example.gov.co', 'otra clave bastante larga 123')
    expect((await front.inject({ url: '/plataforma', headers: temporal })).statusCode).toBe(200)
    await runOperatorCommand(['quitar', 'temporal@plataforma.example.gov.co'], io(''), env)
    expect(readOperators(serviceData).map(a => a.correo)).toEqual([OPERATOR.correo])
    expect((await front.inject({ url: '/plataforma', headers: temporal })).statusCode).toBe(401)
  })
})
