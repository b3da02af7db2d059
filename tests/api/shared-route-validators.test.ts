/**
 * A platform process compiles each route schema once, not once per site it opens (src/server/http/sharedValidators.ts,
 * docs/decisions/platform.md «What a site keeps in memory»): a second site, with other forms, compiles nothing again,
 * so what the process keeps for validation does not grow with the sites. Seen failing with the shared compiler left out
 * of the server (nothing counted) and with the pool keyed by the schema object (the inline schemas of the office's
 * export route compiled again for the second site).
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/server/app.ts'
import { compiledRouteSchemas } from '../../src/server/http/sharedValidators.ts'
import { clientDir, tempDataDir } from './helpers.ts'

const apps: FastifyInstance[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

async function site(id: string, manifestDir: string): Promise<FastifyInstance> {
  const app = await buildApp({ siteId: id, manifestDir, clientDir: clientDir(), dataDir: tempDataDir(`validadores-${id}`), logLevel: 'silent' })
  apps.push(app)
  await app.ready()
  return app
}

describe('route schemas compiled once per process', () => {
  it('a second site with other forms compiles no route schema again, and its routes still coerce their parameters', async () => {
    await site('uno', path.resolve('manifest'))
    const compiled = compiledRouteSchemas()
    expect(compiled).toBeGreaterThan(0)
    const other = await site('dos', path.resolve('tests/fixtures/manifest-min'))
    expect(compiledRouteSchemas()).toBe(compiled)
    // The shared validator still coerces: one `q` becomes the array /api/search reads its first item from (left a
    // string, the search would run on its first letter and find nothing).
    const found = await other.inject({ method: 'GET', url: '/api/search?q=vacunaci%C3%B3n' })
    expect(found.statusCode).toBe(200)
    expect((found.json() as unknown[]).length).toBeGreaterThan(0)
  })
})
