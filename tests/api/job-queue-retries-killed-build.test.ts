/**
 * Publications as jobs on the platform's PostgreSQL queue (docs/decisions/platform.md, «Jobs on a PostgreSQL queue»),
 * with two real worker processes (`scripts/trabajador.ts`) running the real publish command on tiny sites (a
 * content-only build against the bundles `npm run build` left, a few seconds each). The tests run in order:
 * - `publicar --todos` spreads over both workers (each takes at least one job), publishes B, and reports a site whose
 *   manifest is broken as failed after JOB_ATTEMPTS attempts, in Spanish, with exit code 1;
 * - the worker that takes site A's job is SIGKILLed mid-build: its publish command dies with it, the other worker
 *   retries the job within RETRY_WITHIN_SECONDS (the time is printed), and the second attempt publishes.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOB_ATTEMPTS, openQueue, PUBLISH_QUEUE, RETRY_WITHIN_SECONDS } from '../../src/server/jobs/queue.ts'
import type { PublishJobOutput } from '../../src/server/jobs/publishJob.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'
import { writeTwoSites } from '../helpers/twoSites.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'
import { commandEnv } from '../helpers/commandEnv.ts'

const DIR = path.resolve('test-results/cola-trabajos')
const suffix = `${process.pid}_${Date.now() % 100_000}`
let database: PlatformDatabase | undefined
const workers: Worker[] = []

interface Worker {
  child: ChildProcess
  /** Its log's JSON lines, parsed. */
  lines: Array<Record<string, unknown> & { msg?: string; time?: number }>
  exited: Promise<void>
}

/** The environment of the platform's commands: the tiny sites' plataforma.yaml, the server's role. */
function env(): NodeJS.ProcessEnv {
  return commandEnv({ PLATAFORMA: path.join(DIR, 'plataforma.yaml'), DATABASE_URL: database!.serverUrl, LOG_LEVEL: 'info' })
}

function startWorker(): Worker {
  const child = spawn(process.execPath, compiledNodeArgs('scripts/trabajador.ts'), { env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
  const worker: Worker = { child, lines: [], exited: new Promise(resolve => child.once('exit', () => resolve())) }
  let rest = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n')
    rest = parts.pop() ?? ''
    for (const line of parts) if (line.startsWith('{')) worker.lines.push(JSON.parse(line))
  })
  child.stderr!.resume()
  workers.push(worker)
  return worker
}

async function until<T>(what: string, get: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await get()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error(`no llegó a tiempo: ${what}`)
    await new Promise(resolve => setTimeout(resolve, 200))
  }
}

const took = (w: Worker) => w.lines.filter(l => l.msg === 'trabajo: publicar el sitio')
const ready = (w: Worker) => until('trabajador en marcha', () => w.lines.some(l => String(l.msg).startsWith('trabajador en marcha')), 30_000)

/** The pids of the processes `pid` started (Linux: /proc). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : []
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const published = (w: Worker) => w.lines.filter(l => l.msg === 'trabajo: sitio publicado')

beforeAll(async () => {
  database = await platformDatabase(`cola_${suffix}`, `cola_duenio_${suffix}`, `cola_servidor_${suffix}`)
  writeTwoSites(DIR)
  // A third site whose manifest does not parse: its publication fails on every attempt.
  fs.cpSync(path.join(DIR, 'sitios', 'b'), path.join(DIR, 'sitios', 'roto'), { recursive: true })
  fs.writeFileSync(path.join(DIR, 'sitios', 'roto', 'manifest', 'pages', 'roto.yaml'), 'ruta: /roto\ntitulo: [sin cerrar\n')
  // `--todos` first publishes B and the broken site only (each real publication costs seconds); A joins for the kill.
  fs.writeFileSync(
    path.join(DIR, 'plataforma.yaml'),
    'sitios:\n  - id: b\n    nombre: E.S.E. Hospital B\n    dominios: [b.example.gov.co]\n  - id: roto\n    nombre: E.S.E. Hospital Roto\n    dominios: [roto.example.gov.co]\n',
  )
  startWorker()
  startWorker()
  await Promise.all(workers.map(ready))
})

afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL')
  await Promise.all(workers.map(w => w.exited))
  await database?.drop()
})

describe('publicaciones en la cola de trabajos de PostgreSQL', () => {
  it('publicar --todos se reparte entre los dos trabajadores y un sitio que falla tres veces se informa', async () => {
    const command = spawn(process.execPath, compiledNodeArgs('scripts/publicar.ts', ['--todos']), { env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    command.stdout!.setEncoding('utf8').on('data', (c: string) => (output += c))
    command.stderr!.setEncoding('utf8').on('data', (c: string) => (output += c))
    const code = await new Promise<number | null>(resolve => command.once('close', resolve))
    expect(output).toMatch(/\[b\] ✓ publicado en el nodo «[^»]+» \(trabajador \d+\)\. ✓ Publicado \S+ del sitio «b»/)
    expect(output).toContain(`[roto] ✗ no se publicó tras ${JOB_ATTEMPTS} intento(s):`)
    expect(output).toContain('manifest/pages/roto.yaml:3:1: error de sintaxis YAML')
    expect(output).toMatch(/ {2}✗ roto: no se publicó \(.+\); sigue en servicio su publicación anterior, si la tiene\./)
    expect(output).toContain('✗ 1 de 2 sitio(s) no se publicaron; los demás sí.')
    expect(code).toBe(1)
    // Both workers took jobs: the sites spread over them (B's one attempt, the broken site's three).
    const attempts = workers.map(w => took(w).map(l => l.sitio))
    expect(attempts.flat().sort()).toEqual(['b', 'roto', 'roto', 'roto'])
    for (const taken of attempts) expect(taken.length).toBeGreaterThan(0)
  }, 180_000)

  it('un trabajador matado a mitad de la publicación: el otro la reintenta a tiempo y publica', async () => {
    fs.appendFileSync(path.join(DIR, 'plataforma.yaml'), '  - id: a\n    nombre: E.S.E. Hospital A\n    dominios: [a.example.gov.co]\n')
    const boss = openQueue(database!.serverUrl, false)
    await boss.start()
    try {
      const taken = workers.map(w => took(w).length)
      const id = (await boss.send(PUBLISH_QUEUE, { sitio: 'a' }, { singletonKey: 'a' }))!
      expect(id).toBeTruthy()
      const first = await until('un trabajador toma el trabajo', () => workers.find((w, i) => took(w).length > taken[i]!), 30_000)
      const second = workers.find(w => w !== first)!
      // Mid-build: its publish command has started the build of A's release.
      const command = await until('el comando de publicación en marcha', () => childrenOf(first.child.pid!)[0], 10_000)
      await until('la compilación de A empezó', () => childrenOf(command).length > 0, 30_000)
      first.child.kill('SIGKILL')
      const killedAt = Date.now()
      await first.exited
      // The publish command the dead worker started does not outlive it (followWorker; its output's pipe breaks too).
      await until('el comando huérfano termina', () => !alive(command), 10_000)
      const retry = await until('el otro trabajador reintenta', () => took(second).find(l => l.sitio === 'a'), (RETRY_WITHIN_SECONDS + 10) * 1000)
      const retryAfterS = (Number(retry.time) - killedAt) / 1000
      console.log(`reintento tomado ${retryAfterS.toFixed(1)} s después de matar al trabajador`)
      expect(retryAfterS).toBeLessThan(RETRY_WITHIN_SECONDS)
      const job = await until(
        'el trabajo termina',
        async () => {
          const j = (await boss.findJobs(PUBLISH_QUEUE, { id }))[0]
          return j && ['completed', 'failed'].includes(j.state) ? j : undefined
        },
        90_000,
      )
      expect(job.state).toBe('completed')
      expect(job.retryCount).toBe(1)
      const out = job.output as PublishJobOutput
      expect(out.proceso).toBe(second.child.pid)
      expect(out.resumen).toMatch(/^✓ Publicado \S+ del sitio «a»/)
      expect(published(second).some(l => l.sitio === 'a')).toBe(true)
    } finally {
      await boss.stop({ graceful: false })
    }
  }, 180_000)
})
