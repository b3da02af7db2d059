/**
 * Health checks of `npm run actualizar`: the new code started aside (on a free loopback port, serving the new
 * release, never watching the real pointer), and the running service's `/salud/detalle`.
 */
import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const ASIDE_WAIT_MS = 90_000

export const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

/** A port free on 127.0.0.1 right now (the OS's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface Health {
  status: number
  body: { estado?: string; version?: string; codigo?: string | null; publicacion?: string }
}

export async function health(base: string): Promise<Health | undefined> {
  try {
    const res = await fetch(`${base}/salud/detalle`, { signal: AbortSignal.timeout(5_000) })
    return { status: res.status, body: (await res.json()) as Health['body'] }
  } catch {
    return undefined
  }
}

/** The service's address as seen from this machine (a wildcard bind is reached on loopback). */
export function serviceBase(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return `http://${h}:${port}`
}

/**
 * Polls the health detail until it says ok and names `codigo` (true), or until `failedStart` gives the reason the new
 * code could not start (that reason), or the time runs out (false).
 */
export async function waitForCode(
  base: string,
  codigo: string,
  waitMs: number,
  failedStart: () => string | undefined = () => undefined,
): Promise<true | false | string> {
  const deadline = Date.now() + waitMs
  while (Date.now() < deadline) {
    const h = await health(base)
    if (h?.status === 200 && h.body.codigo === codigo) return true
    const reason = failedStart()
    if (reason) return reason
    await sleep(500)
  }
  return false
}

/** Until the child answers: undefined when its health detail says ok and the home page loads, else the Spanish reason. */
async function verdict(child: ReturnType<typeof spawn>, base: string, lastLines: () => string): Promise<string | undefined> {
  const deadline = Date.now() + ASIDE_WAIT_MS
  for (;;) {
    if (child.exitCode !== null) return `la nueva versión terminó al iniciar:\n    ${lastLines()}`
    const h = await health(base)
    if (h) {
      if (h.status !== 200 || h.body.estado !== 'ok') return `/salud/detalle respondió ${h.status} (${h.body.estado ?? 'sin estado'})`
      const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined)
      return home?.status === 200 ? undefined : `la página de inicio respondió ${home?.status ?? 'nada'}`
    }
    if (Date.now() > deadline) return `la nueva versión no respondió en ${ASIDE_WAIT_MS / 1000} s`
    await sleep(250)
  }
}

/**
 * The new code, started aside with DATA_DIR `dataDir` (SQLite: a copy of the database; PostgreSQL: an empty folder,
 * the database being the real one, already migrated). Returns the Spanish reason of a failure, or undefined.
 */
export async function checkAside(root: string, releaseDir: string, dataDir: string): Promise<string | undefined> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BUILD_OUT_DIR: releaseDir,
    // No pointer there: it serves the new release (BUILD_OUT_DIR) and never watches the real pointer.
    PUBLICACIONES_DIR: path.join(dataDir, 'sin-publicaciones'),
    SERVICIO_SUPERVISADO: '',
    LOG_FILE: '',
    LOG_LEVEL: 'warn',
    // Never the daily backup (an empty value means 02:00).
    RESPALDO_HORA: 'no',
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server', 'main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()))
  try {
    return await verdict(child, `http://127.0.0.1:${port}`, () => output.trim().split('\n').slice(-5).join('\n    '))
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
