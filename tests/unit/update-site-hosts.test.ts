import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSites } from '../../scripts/lib/updateHealth.ts'

// `actualizar` on a platform checks each site through its own Host before switching
// (docs/decisions/platform.md, «Updating a platform»). A stand-in for the platform's front: the platform's own
// health answers for a request without a site Host, each site answers for its domain.
const ANSWERS: Record<string, Record<string, [number, string]>> = {
  'www.hospital-a.gov.co': { '/salud/detalle': [200, '{"estado":"ok"}'], '/': [200, '<html></html>'] },
  'www.hospital-b.gov.co': { '/salud/detalle': [200, '{"estado":"ok"}'], '/': [503, 'sin publicación'] },
  'www.hospital-c.gov.co': { '/salud/detalle': [503, '{"estado":"sin publicación"}'], '/': [503, ''] },
}
const PLATFORM: Record<string, [number, string]> = { '/salud/detalle': [200, '{"estado":"ok"}'], '/': [404, ''] }

describe('the platform update checks every site by its Host', () => {
  let server: http.Server
  let base: string
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const [status, body] = (ANSWERS[(req.headers.host ?? '').replace(/:\d+$/, '')] ?? PLATFORM)[req.url ?? '/'] ?? [404, '']
      res.writeHead(status).end(body)
    })
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>(r => server.close(() => r())))

  it('passes when every site answers ok and serves its home page', async () => {
    expect(await checkSites(base, [{ id: 'hospital-a', host: 'www.hospital-a.gov.co' }])).toBeUndefined()
  })

  it('names each site whose health or home page fails, even when the platform itself says ok', async () => {
    const problem = await checkSites(base, [
      { id: 'hospital-a', host: 'www.hospital-a.gov.co' },
      { id: 'hospital-b', host: 'www.hospital-b.gov.co' },
      { id: 'hospital-c', host: 'www.hospital-c.gov.co' },
    ])
    expect(problem).toBe(
      'el sitio «hospital-b» (www.hospital-b.gov.co): la página de inicio respondió 503; el sitio «hospital-c» (www.hospital-c.gov.co): /salud/detalle respondió 503 (sin publicación)',
    )
  })
})
