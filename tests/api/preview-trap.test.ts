import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writePointer } from '../../src/server/releases.ts'
import { freePort } from './helpers.ts'

/**
 * Issue 27 #2, the preview trap: on a machine that serves a publication, a clerk edits the manifest.
 * `npm start` keeps serving the publication and must say so, naming the preview command (`npm run dev`,
 * whose showing of a saved edit is asserted by tests/e2e/editor.spec.ts). The publication is laid out as `npm run publicar` leaves it
 * (a release folder and `actual.json`, written by the same `writePointer`); building a real one is
 * covered by tests/api/publicar.test.ts and would cost minutes here.
 */
const _PAGE = '/hospital/junta'
const PAGE_FILE = 'pages/hospital/junta.yaml'
const NEW_TITLE = 'Junta Directiva renovada en diciembre'

let tmp: string
let env: NodeJS.ProcessEnv
const children: ChildProcess[] = []

/** Starts `node --import tsx <script>` and collects its output until `until` appears. */
function run(script: string, extra: NodeJS.ProcessEnv, until: RegExp): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] })
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

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vista-previa-'))
  for (const dir of ['manifest', 'public']) fs.cpSync(path.resolve(dir), path.join(tmp, dir), { recursive: true })
  env = {
    ...process.env,
    MANIFEST_DIR: path.join(tmp, 'manifest'),
    PUBLIC_DIR: path.join(tmp, 'public'),
    PUBLICACIONES_DIR: path.join(tmp, 'publicaciones'),
    DATA_DIR: path.join(tmp, 'data'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  }
  // A publication, then (a minute later) the clerk's edit.
  const client = path.join(tmp, 'publicaciones', '20261201-0900', 'client')
  fs.mkdirSync(client, { recursive: true })
  for (const f of ['index.html', '404.html']) fs.writeFileSync(path.join(client, f), '<!doctype html><title>Publicada</title><h1>Junta Directiva</h1>')
  writePointer(path.join(tmp, 'publicaciones'), { actual: '20261201-0900' })
  const past = new Date(Date.now() - 60_000)
  fs.utimesSync(path.join(tmp, 'publicaciones', 'actual.json'), past, past)
  const file = path.join(tmp, 'manifest', PAGE_FILE)
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^titulo: .*$/m, `titulo: ${NEW_TITLE}`))
})

afterAll(() => {
  for (const c of children) c.kill()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

describe('preview is preview', () => {
  it('npm start says it serves the publication, not the newer edits, and how to preview or publish', async () => {
    const out = await run('scripts/start.ts', { PORT: String(await freePort()) }, /Sitio y API disponibles/)
    expect(out).toContain('ATENCIÓN: se sirve la versión PUBLICADA (20261201-0900')
    expect(out).toContain('esos cambios NO se ven en este sitio')
    expect(out).toContain('Para ver sus cambios: npm run dev')
    expect(out).toContain('Para publicarlos: npm run validate y luego npm run publicar.')
  }, 120_000)
})
