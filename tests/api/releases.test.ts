/**
 * The server follows `publicaciones/actual.json` on every request: pages come from the current build
 * only; a hashed `/_app/` file missing there comes from the previous build (a page loaded just before
 * a switch keeps its scripts); an unreadable pointer keeps the last good build.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app.ts'
import { POINTER_FILE, writePointer } from '../../src/server/releases.ts'

let tmp: string
let releases: string
let app: FastifyInstance

function site(name: string, files: Record<string, string>): void {
  const client = path.join(releases, name, 'client')
  const all = {
    'index.html': `<!doctype html><html><body><h1>${name}</h1></body></html>`,
    '404.html': `<!doctype html><html><body>no existe (${name})</body></html>`,
    ...files,
  }
  for (const [rel, content] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(client, rel)), { recursive: true })
    fs.writeFileSync(path.join(client, rel), content)
  }
}

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.body }
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'))
  releases = path.join(tmp, 'publicaciones')
  const index = (route: string, title: string) => JSON.stringify([{ route, title, date: '2026', abstract: '', category: 'Resoluciones', ti_doc: 'PDF' }])
  site('uno', {
    '_app/viejo.js': 'console.log("viejo")',
    'solo-en-uno/index.html': '<h1>solo en uno</h1>',
    'search-index.json': index('/assets/viejo.pdf', 'Resolución publicada antes'),
  })
  site('dos', { '_app/nuevo.js': 'console.log("nuevo")', 'search-index.json': index('/assets/nuevo.pdf', 'Resolución recién publicada') })
  writePointer(releases, { actual: 'uno/client' })
  app = await buildApp({ dataDir: path.join(tmp, 'data'), clientDir: path.join(tmp, 'sin-compilar', 'client'), releasesDir: releases, logLevel: 'silent' })
})

afterAll(async () => {
  await app?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('serving the published build', () => {
  it('switches with the pointer, without restarting; the search API finds what the new build published', async () => {
    const found = async () => (JSON.parse((await get('/api/search?q=resolucion')).body) as Array<{ route: string }>).map(d => d.route)
    expect((await get('/')).body).toContain('<h1>uno</h1>')
    expect(await found()).toEqual(['/assets/viejo.pdf'])
    writePointer(releases, { actual: 'dos/client', anterior: 'uno/client' })
    expect((await get('/')).body).toContain('<h1>dos</h1>')
    expect(await found()).toEqual(['/assets/nuevo.pdf'])
  })

  it('serves a hashed file of the previous build, but never one of its pages', async () => {
    expect(await get('/_app/nuevo.js')).toMatchObject({ status: 200, body: 'console.log("nuevo")' })
    expect(await get('/_app/viejo.js')).toMatchObject({ status: 200, body: 'console.log("viejo")' })
    const page = await get('/solo-en-uno')
    expect(page.status).toBe(404)
    expect(page.body).toContain('no existe (dos)')
  })

  it('keeps the last good build when the pointer cannot be read', async () => {
    fs.writeFileSync(path.join(releases, POINTER_FILE), '{ "actual": ')
    expect((await get('/')).body).toContain('<h1>dos</h1>')
    writePointer(releases, { actual: 'uno/client', anterior: 'dos/client' })
    expect((await get('/')).body).toContain('<h1>uno</h1>')
  })
})
