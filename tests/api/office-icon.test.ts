/**
 * The office's pages link the site's icon, and the server serves it: the browser asks for no /favicon.ico and logs
 * no 404 (docs/decisions/accessibility.md).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { signInStaff, startInProcess, type RunningServer, type StaffSession } from './helpers.ts'

const STAFF = { correo: 'icono.siau@hospital.gov.co', clave: 'una clave larga de prueba del icono' }

let server: RunningServer & { app: FastifyInstance }
let staff: StaffSession
beforeAll(async () => {
  server = await startInProcess({ label: 'icono-oficina' })
  await server.app.store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'siau', clave: await hashPassword(STAFF.clave) })
  staff = await signInStaff(server.url, STAFF)
})
afterAll(async () => server?.close())

it('an office page links /favicon.svg, which answers 200', async () => {
  const page = await staff.get('/oficina')
  expect(page.status).toBe(200)
  const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"\/>/.exec(await page.text())?.[1]
  expect(href).toBe('/favicon.svg')
  const icon = await server.app.inject({ method: 'GET', url: href! })
  expect(icon.statusCode).toBe(200)
  expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/)
})
