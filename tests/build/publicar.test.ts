/**
 * Publishing without downtime: while a client requests a page and everything it loads, without a
 * pause, `npm run publicar` switches the running server to a build with a changed title. Every answer
 * must be 200, the change must be served afterwards, `--revertir` must bring the old page back, and a
 * publication with a manifest error must leave the served site as it was.
 *
 * Every publication is a release folder (never the build folder dist/), listed with its date, commit and
 * publisher, and any kept one can be served again by name.
 *
 * Works on a copy of the content (MANIFEST_DIR, PUBLIC_DIR) and its own publications folder.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app.ts'
import { npmScriptArgs } from '../helpers/npmScript.ts'
import os from 'node:os'
import { POINTER_FILE, readPointer } from '../../src/server/releases.ts'

const PAGE = '/hospital/junta'
const PAGE_FILE = 'pages/hospital/junta.yaml'
const OLD_TITLE = 'titulo: Junta Directiva\n'
const NEW_TITLE = 'Junta Directiva renovada en noviembre'
const THIRD_TITLE = 'Junta Directiva de diciembre'
const LOOSE_BUILD = 'Compilación suelta de dist'

let tmp: string
let env: NodeJS.ProcessEnv
let app: FastifyInstance
let base: string
let originalYaml: string

function publicar(args: string[] = []): Promise<{ code: number | null; output: string }> {
  // `npm run -s publicar -- <args>` (tests/helpers/npmScript.ts).
  return new Promise(resolve => {
    const child = spawn(process.execPath, [...npmScriptArgs('publicar'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', d => (output += d))
    child.stderr!.on('data', d => (output += d))
    child.on('close', code => resolve({ code, output }))
  })
}

async function pageText(): Promise<string> {
  const res = await fetch(base + PAGE)
  expect(res.status).toBe(200)
  return res.text()
}

function h1(html: string): string {
  return (
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? ''
  )
}

/** Scripts, styles and preloads a page asks for. */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/_app\/[^"]+)"/g)].map(m => m[1]!))]
}

beforeAll(async () => {
  // Inside the project: the bundler only builds into folders under the project root.
  fs.mkdirSync(path.resolve('test-results'), { recursive: true })
  tmp = fs.mkdtempSync(path.resolve('test-results', 'publicar-'))
  fs.cpSync(path.resolve('manifest'), path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync(path.resolve('public'), path.join(tmp, 'public'), { recursive: true })
  originalYaml = fs.readFileSync(path.join(tmp, 'manifest', PAGE_FILE), 'utf8')
  expect(originalYaml).toContain(OLD_TITLE)
  env = {
    ...process.env,
    MANIFEST_DIR: path.join(tmp, 'manifest'),
    PUBLIC_DIR: path.join(tmp, 'public'),
    PUBLICACIONES_DIR: path.join(tmp, 'publicaciones'),
    PUBLICACIONES_CONSERVAR: '3',
    // A build folder holding a site, as after `npm run build`: what the server serves before any publication; the first
    // publication keeps a copy of it as the release to go back to, never the folder itself.
    BUILD_OUT_DIR: path.join(tmp, 'compilado'),
  }
  const loose = path.join(tmp, 'compilado', 'client')
  fs.mkdirSync(loose, { recursive: true })
  for (const f of ['index.html', '404.html']) fs.writeFileSync(path.join(loose, f), `<!doctype html><html><body><h1>${LOOSE_BUILD}</h1></body></html>`)
  const first = await publicar()
  expect(first.code, first.output).toBe(0)
  app = await buildApp({
    dataDir: path.join(tmp, 'data'),
    clientDir: path.join(tmp, 'compilado', 'client'),
    releasesDir: path.join(tmp, 'publicaciones'),
    manifestDir: path.join(tmp, 'manifest'),
    rateLimitMax: 100_000,
    logLevel: 'warn',
  })
  base = await app.listen({ port: 0, host: '127.0.0.1' })
}, 300_000)

afterAll(async () => {
  await app?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('npm run publicar', () => {
  it('the first publication keeps what was served before as a release of its own: a copy, never the build folder', async () => {
    const releases = path.join(tmp, 'publicaciones')
    const pointer = readPointer(releases)
    expect(pointer?.actual).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z\/client$/)
    // What the server answered before (the build folder) went into a release folder, so --revertir has somewhere to go
    // (tests/api/publicar-first-release.test.ts reverts to it); a later build rewriting the folder cannot change it.
    expect(pointer?.anterior).toMatch(/\/client$/)
    const kept = path.join(releases, pointer!.anterior!)
    expect(fs.realpathSync(kept).startsWith(fs.realpathSync(releases) + path.sep)).toBe(true)
    expect(fs.readFileSync(path.join(kept, 'index.html'), 'utf8')).toContain(LOOSE_BUILD)
    expect(h1(await pageText())).toBe('Junta Directiva')
  }, 120_000)

  it('switches the running server to the new build with every request answered 200, and --revertir goes back', async () => {
    const before = await pageText()
    expect(h1(before)).toBe('Junta Directiva')
    expect(assetsOf(before).length).toBeGreaterThan(0)
    const pdf = [...before.matchAll(/href="(\/assets\/[^"]+\.pdf)"/g)][0]?.[1] ?? '/assets/'
    const failures: string[] = []
    const titles = new Set<string>()
    let requests = 0
    let stop = false
    let stopAfter = 0
    // The client: a page, then everything that page asks for, then a staff document, over and over.
    const client = (async () => {
      while (!stop) {
        const res = await fetch(base + PAGE)
        requests++
        const html = await res.text()
        if (res.status !== 200) failures.push(`${PAGE} → ${res.status}`)
        titles.add(h1(html))
        for (const url of [...assetsOf(html), pdf]) {
          const asset = await fetch(base + url)
          await asset.arrayBuffer()
          requests++
          if (asset.status !== 200) failures.push(`${url} → ${asset.status}`)
        }
      }
    })()

    const yaml = path.join(tmp, 'manifest', PAGE_FILE)
    fs.writeFileSync(yaml, originalYaml.replace(OLD_TITLE, `titulo: ${NEW_TITLE}\n`))
    const published = await publicar().finally(() => {
      stopAfter = Date.now() + 500
    })
    expect(published.code, published.output).toBe(0)
    fs.writeFileSync(yaml, originalYaml)
    expect(h1(await pageText())).toBe(NEW_TITLE)
    await new Promise(r => setTimeout(r, Math.max(0, stopAfter - Date.now())))
    stop = true
    await client

    expect(failures).toEqual([])
    expect(requests).toBeGreaterThan(50)
    expect(titles).toEqual(new Set(['Junta Directiva', NEW_TITLE]))

    const reverted = await publicar(['--revertir'])
    expect(reverted.code, reverted.output).toBe(0)
    expect(h1(await pageText())).toBe('Junta Directiva')
  }, 300_000)

  it('a publication with a manifest error changes nothing that is served', async () => {
    const releases = path.join(tmp, 'publicaciones')
    const pointerBefore = fs.readFileSync(path.join(releases, POINTER_FILE), 'utf8')
    const foldersBefore = fs.readdirSync(releases).sort()
    const htmlBefore = await pageText()

    const yaml = path.join(tmp, 'manifest', PAGE_FILE)
    fs.writeFileSync(yaml, originalYaml.replace(OLD_TITLE, `titulo: ${NEW_TITLE}\nfecha: ayer\n`))
    const failed = await publicar()
    fs.writeFileSync(yaml, originalYaml)

    expect(failed.code).not.toBe(0)
    expect(failed.output).toContain('manifest/pages/hospital/junta.yaml:4:1')
    expect(failed.output).toContain('No se publicó nada')
    expect(fs.readFileSync(path.join(releases, POINTER_FILE), 'utf8')).toBe(pointerBefore)
    expect(fs.readdirSync(releases).sort()).toEqual(foldersBefore)
    expect(await pageText()).toBe(htmlBefore)
  }, 300_000)

  it('lists the kept releases with date, commit and publisher, and --revertir <release> serves one two steps back', async () => {
    const yaml = path.join(tmp, 'manifest', PAGE_FILE)
    fs.writeFileSync(yaml, originalYaml.replace(OLD_TITLE, `titulo: ${THIRD_TITLE}\n`))
    const third = await publicar()
    fs.writeFileSync(yaml, originalYaml)
    expect(third.code, third.output).toBe(0)
    expect(h1(await pageText())).toBe(THIRD_TITLE)

    const listed = await publicar(['--lista'])
    expect(listed.code, listed.output).toBe(0)
    const rows = listed.output.split('\n').filter(l => /^\s+\d{4}-\d\d-\d\dT/.test(l))
    // First (Junta Directiva), second (renovada), third (diciembre), oldest first; the third is served.
    expect(rows).toHaveLength(3)
    const commit = (await import('node:child_process')).execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim().slice(0, 10)
    for (const row of rows) {
      expect(row).toContain(`commit ${commit}`)
      expect(row).toContain(`publicó ${os.userInfo().username}`)
      expect(row).toMatch(/\d{4}/)
    }
    expect(rows[2]).toContain('← en servicio')
    const ids = rows.map(r => r.trim().split(/\s+/)[0]!)
    expect(readPointer(path.join(tmp, 'publicaciones'))?.actual).toBe(`${ids[2]}/client`)

    // Two steps back from the one served (the first publication), then one that is neither served nor the previous one.
    const twoBack = await publicar(['--revertir', ids[0]!])
    expect(twoBack.code, twoBack.output).toBe(0)
    expect(h1(await pageText())).toBe('Junta Directiva')
    const second = await publicar(['--revertir', ids[1]!])
    expect(second.code, second.output).toBe(0)
    expect(h1(await pageText())).toBe(NEW_TITLE)

    const unknown = await publicar(['--revertir', 'dist'])
    expect(unknown.code).not.toBe(0)
    expect(unknown.output).toContain('no existe la publicación «dist»')
    expect(h1(await pageText())).toBe(NEW_TITLE)
  }, 300_000)
})
