import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writePointer } from '../../src/server/releases.ts'
import { freePort } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * The preview trap (docs/decisions/updates-and-releases.md): on a machine that serves a publication, a clerk edits the manifest.
 * `npm start` keeps serving the publication and must say so, naming the preview command; that command, the one
 * the staff guide documents, must show the edit. The publication is laid out as `npm run publicar` leaves it (a
 * release folder and `actual.json`, written by the same `writePointer`), with the page as published; building a
 * real one is covered by tests/build/publicar.test.ts and would cost minutes here.
 */
const PAGE = '/hospital/junta'
const PAGE_FILE = 'pages/hospital/junta.yaml'
const PUBLISHED_TITLE = 'Junta Directiva'
const NEW_TITLE = 'Junta Directiva renovada en diciembre'
const RELEASE = '20261201-0900'

let tmp: string
let env: NodeJS.ProcessEnv
const children: ChildProcess[] = []

/** Starts `<script>` (its compiled copy, as `node --import tsx <script>` would run it) and collects its output until `until` appears. */
function run(script: string, extra: NodeJS.ProcessEnv, until: RegExp): Promise<string> {
  const child = spawn(process.execPath, compiledNodeArgs(script), { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const look = (d: Buffer) => {
      out += d.toString('utf8')
      if (until.test(out)) resolve(out)
    }
    child.stdout!.on('data', look)
    child.stderr!.on('data', look)
    child.on('exit', code => reject(new Error(`${script} terminó (${code}) sin «${until}»:\n${out}`)))
  })
}

/** The script file an `npm run <name>` / `npm start` line runs (package.json: `tsx scripts/….ts`). */
function scriptOf(command: string): string {
  const name = /^npm (?:run )?(\S+)$/.exec(command.trim())?.[1]
  const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
  const file = /^tsx (\S+\.ts)$/.exec(scripts[name ?? ''] ?? '')?.[1]
  if (!file) throw new Error(`«${command}» no es un script tsx de package.json`)
  return file
}

/** The page's main title as served (a browser asks for HTML), or its status when it is not a page. */
async function h1(base: string): Promise<string> {
  const res = await fetch(base + PAGE, { headers: { accept: 'text/html' } }).catch(() => undefined)
  if (!res?.ok) return `HTTP ${res?.status ?? 'sin respuesta'}`
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1]?.trim() ?? ''
}

/** The environment a clerk's terminal has: without Vitest's own variables (under them Vike serves no pages in dev). */
function clerkEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'))
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vista-previa-'))
  for (const dir of ['manifest', 'public']) fs.cpSync(path.resolve(dir), path.join(tmp, dir), { recursive: true })
  env = {
    ...clerkEnv(),
    MANIFEST_DIR: path.join(tmp, 'manifest'),
    PUBLIC_DIR: path.join(tmp, 'public'),
    PUBLICACIONES_DIR: path.join(tmp, 'publicaciones'),
    DATA_DIR: path.join(tmp, 'data'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  }
  // A publication with the page as it was, then (a minute later) the clerk's edit.
  const client = path.join(tmp, 'publicaciones', RELEASE, 'client')
  const page = (title: string) => `<!doctype html><html lang="es"><title>${title}</title><h1>${title}</h1></html>`
  fs.mkdirSync(path.join(client, PAGE.slice(1)), { recursive: true })
  for (const f of ['index.html', '404.html']) fs.writeFileSync(path.join(client, f), page('Publicada'))
  fs.writeFileSync(path.join(client, PAGE.slice(1), 'index.html'), page(PUBLISHED_TITLE))
  writePointer(path.join(tmp, 'publicaciones'), { actual: `${RELEASE}/client` })
  const past = new Date(Date.now() - 60_000)
  fs.utimesSync(path.join(tmp, 'publicaciones', 'actual.json'), past, past)
  const file = path.join(tmp, 'manifest', PAGE_FILE)
  const yaml = fs.readFileSync(file, 'utf8')
  expect(yaml).toContain(`titulo: ${PUBLISHED_TITLE}\n`)
  fs.writeFileSync(file, yaml.replace(/^titulo: .*$/m, `titulo: ${NEW_TITLE}`))
})

afterAll(() => {
  for (const c of children) c.kill()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

describe('preview is preview', () => {
  let preview: string

  it('npm start serves the publication, says the newer edits are not in it, and how to preview or publish', async () => {
    const port = await freePort()
    const out = await run('scripts/start.ts', { PORT: String(port) }, /Sitio y API disponibles/)
    expect(out).toContain(`ATENCIÓN: se sirve la versión PUBLICADA (${RELEASE}`)
    expect(out).toContain('esos cambios NO se ven en este sitio')
    expect(out).toContain('Para publicarlos: npm run validate y luego npm run publicar.')
    preview = /Para ver sus cambios: (npm [a-z]+(?: [a-z:]+)?)/.exec(out)?.[1] ?? ''
    expect(preview).not.toBe('')
    // The trap is real: what it serves is the publication, not the edit.
    expect(await h1(`http://127.0.0.1:${port}`)).toBe(PUBLISHED_TITLE)
  }, 120_000)

  it('the preview command the notice and the staff guide name shows the edit', async () => {
    const guide = fs.readFileSync('docs/guia-personal.md', 'utf8')
    const documented = /^(npm (?:run )?\S+)\s+# vista previa/m.exec(guide)?.[1]
    expect(documented).toBe(preview)
    const port = await freePort()
    await run(scriptOf(preview), { PORT: String(port) }, /Vista previa en|Sitio y API disponibles/)
    const base = `http://127.0.0.1:${port}`
    await expect.poll(() => h1(base), { timeout: 120_000, interval: 1_000 }).toBe(NEW_TITLE)
    // The preview's search (the API behind it) reads the edit too, not the publication.
    const results = (await (await fetch(`${base}/api/search?q=${encodeURIComponent('renovada diciembre')}`)).json()) as { title: string }[]
    expect(results.map(r => r.title)).toContain(NEW_TITLE)
  }, 240_000)
})
