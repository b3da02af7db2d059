/**
 * Health checks of `npm run actualizar`: the new code started aside (on a free loopback port, serving the new
 * release, never watching the real pointer), and the running service's `/salud/detalle`.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { programScript } from '../../src/build/commands.ts'

const ASIDE_WAIT_MS = 90_000

export const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

/**
 * Waits for `done`, at most `ms`. The timer is cleared as soon as `done` comes: a pending timer keeps Node running, and
 * `npm run actualizar` stayed 15 s after its last line whenever the server it checked aside had ended at once.
 */
export async function atMost(done: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([done, new Promise<void>(r => (timer = setTimeout(r, ms)))])
  } finally {
    clearTimeout(timer)
  }
}

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

/** A site of a platform as the check asks it: its id and the domain its `Host` names. */
export interface SiteHost {
  id: string
  host: string
}

/** GET `url` on `base` as a browser at `host` makes it (fetch cannot set the Host header). */
function getAs(base: string, host: string, url: string): Promise<{ status: number; text: string } | undefined> {
  return new Promise(resolve => {
    const req = http.get(new URL(url, base), { headers: { host }, timeout: 10_000 }, res => {
      let text = ''
      res.setEncoding('utf8').on('data', (d: string) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(undefined))
  })
}

/**
 * On a platform, each site through its own `Host`: its `/salud/detalle` says ok and its home page loads. The
 * platform's own answer (no site Host) says nothing of a site whose release is missing or broken
 * (docs/decisions/platform.md, «Updating a platform»). Undefined when every site answers, else the Spanish reason.
 */
export async function checkSites(base: string, sites: readonly SiteHost[]): Promise<string | undefined> {
  const problems: string[] = []
  for (const site of sites) {
    const detail = await getAs(base, site.host, '/salud/detalle')
    let estado: string | undefined
    try {
      estado = detail && (JSON.parse(detail.text) as { estado?: string }).estado
    } catch {
      estado = undefined
    }
    if (detail?.status !== 200 || estado !== 'ok') {
      problems.push(`el sitio «${site.id}» (${site.host}): /salud/detalle respondió ${detail?.status ?? 'nada'} (${estado ?? 'sin estado'})`)
      continue
    }
    const home = await getAs(base, site.host, '/')
    if (home?.status !== 200) problems.push(`el sitio «${site.id}» (${site.host}): la página de inicio respondió ${home?.status ?? 'nada'}`)
  }
  return problems.length ? problems.join('; ') : undefined
}

/** Until the child answers: undefined when its health detail says ok and the home page loads, else the Spanish reason. */
async function verdict(child: ReturnType<typeof spawn>, base: string, lastLines: () => string, sites: readonly SiteHost[]): Promise<string | undefined> {
  const deadline = Date.now() + ASIDE_WAIT_MS
  for (;;) {
    if (child.exitCode !== null) return `la nueva versión terminó al iniciar:\n    ${lastLines()}`
    const h = await health(base)
    if (h) {
      if (h.status !== 200 || h.body.estado !== 'ok') return `/salud/detalle respondió ${h.status} (${h.body.estado ?? 'sin estado'})`
      if (sites.length > 0) return checkSites(base, sites)
      const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined)
      return home?.status === 200 ? undefined : `la página de inicio respondió ${home?.status ?? 'nada'}`
    }
    if (Date.now() > deadline) return `la nueva versión no respondió en ${ASIDE_WAIT_MS / 1000} s`
    await sleep(250)
  }
}

/**
 * The new code (`compiled`: a program installed from an archive, run by node alone), started aside with DATA_DIR `dataDir` (SQLite: a copy of the database; PostgreSQL: an empty folder,
 * the database being the real one, already migrated). Returns the Spanish reason of a failure, or undefined.
 */
export async function checkAside(
  root: string,
  releaseDir: string,
  dataDir: string,
  sites: readonly SiteHost[] = [],
  compiled = false,
): Promise<string | undefined> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BUILD_OUT_DIR: releaseDir,
    // No pointer there: it serves the new release (BUILD_OUT_DIR) and never watches the real pointer. On a platform,
    // each site's own published release (only read), so the new code is tried on what every site serves.
    ...(sites.length === 0 && { PUBLICACIONES_DIR: path.join(dataDir, 'sin-publicaciones') }),
    // With PostgreSQL, not the database's pointer either: it would serve (and, on a platform, write into the site's
    // folder) the release in service instead of the one being checked (src/server/releaseFollow.ts).
    PUBLICACIONES_SEGUIR_BASE: 'no',
    SERVICIO_SUPERVISADO: '',
    LOG_FILE: '',
    LOG_LEVEL: 'warn',
    // Never the daily backup (an empty value means 02:00).
    RESPALDO_HORA: 'no',
  }
  const server = programScript(path.join('src', 'server', 'main.ts'), [], compiled)
  const child = spawn(server.command, server.args, {
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
    return await verdict(child, `http://127.0.0.1:${port}`, () => output.trim().split('\n').slice(-5).join('\n    '), sites)
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM')
    await atMost(exited, 15_000)
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
