/**
 * The first publication keeps what the server served before it (the build folder, unpublished) as a release, so
 * `--revertir` right after it serves that content again; and it is a copy: a later `npm run build` rewriting the
 * build folder does not change what the revert serves (docs/decisions/updates-and-releases.md).
 *
 * No bundler run: the release's build step copies the site tests/api already use (dist/client); the publication's
 * own steps (the server's check of the release, the copy, the pointer, the revert) are the real ones, and the
 * server answering is the real app following the pointer.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listReleases } from '../../scripts/lib/releaseFolders.ts'
import { publishInto, revertIn, type Target } from '../../scripts/lib/sitePublish.ts'
import { buildApp } from '../../src/server/app.ts'
import { readPointer } from '../../src/server/releases.ts'
import { clientDir } from '../helpers/builtSite.ts'

const PAGE = '/hospital/junta'
const SERVED_BEFORE = 'Junta servida antes de la primera publicación'
const LATER_BUILD = 'Compilación posterior sin publicar'

let tmp: string
let unpublished: string
let releasesDir: string
let app: FastifyInstance

function setTitle(client: string, title: string): void {
  const file = path.join(client, PAGE.slice(1), 'index.html')
  const html = fs.readFileSync(file, 'utf8')
  const changed = html.replace(/(<h1[^>]*>)[\s\S]*?(<\/h1>)/, `$1${title}$2`)
  expect(changed).not.toBe(html)
  fs.writeFileSync(file, changed)
}

async function h1(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: PAGE })
  expect(res.statusCode).toBe(200)
  return (
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(res.body)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? ''
  )
}

const target = (): Target => ({
  releasesDir,
  command: 'npm run publicar --',
  unpublishedDir: unpublished,
  build: async id => {
    fs.cpSync(clientDir(), path.join(releasesDir, id, 'client'), { recursive: true })
    return true
  },
})

beforeAll(async () => {
  // Inside the project, as publicar requires of its releases folder.
  fs.mkdirSync(path.resolve('test-results'), { recursive: true })
  tmp = fs.mkdtempSync(path.resolve('test-results', 'primera-publicacion-'))
  unpublished = path.join(tmp, 'compilado', 'client')
  releasesDir = path.join(tmp, 'publicaciones')
  fs.cpSync(clientDir(), unpublished, { recursive: true })
  setTitle(unpublished, SERVED_BEFORE)
  app = await buildApp({
    dataDir: path.join(tmp, 'data'),
    clientDir: unpublished,
    releasesDir,
    manifestDir: path.resolve('manifest'),
    rateLimitMax: 100_000,
    logLevel: 'warn',
  })
}, 120_000)

afterAll(async () => {
  await app?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('the first publication', () => {
  it('keeps what was served before as a release, and --revertir serves it again, even after a later build', async () => {
    expect(await h1()).toBe(SERVED_BEFORE)
    const lines: string[] = []
    const id = await publishInto(target(), 5, line => lines.push(line))
    expect(await h1()).toBe('Junta Directiva')

    const pointer = readPointer(releasesDir)!
    expect(pointer.actual).toBe(`${id}/client`)
    expect(pointer.anterior).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z\/client$/)
    const kept = listReleases(releasesDir).find(r => `${r.id}/client` === pointer.anterior)
    expect(kept?.info?.origen).toContain('antes de la primera publicación')
    // Named before the new release: the list reads in publication order.
    expect(kept!.id < id).toBe(true)
    expect(lines.join('\n')).toContain('--revertir')

    // A later `npm run build` rewrites the build folder: the kept release must not follow it.
    setTitle(unpublished, LATER_BUILD)
    revertIn(target(), undefined)
    expect(await h1()).toBe(SERVED_BEFORE)
    expect(readPointer(releasesDir)).toMatchObject({ actual: pointer.anterior, anterior: `${id}/client` })
  }, 120_000)
})
