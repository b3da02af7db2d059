/**
 * N platform server nodes behind Caddy on this machine, sharing only a PostgreSQL database (docs/decisions/platform.md,
 * «Several nodes behind Caddy»): each node is `node --import tsx src/server/main.ts` as the service starts it, with
 * its own DATA_DIR, PUBLICACIONES_DIR and RESPALDO_DESTINO and a free port on 127.0.0.1; Caddy (Debian's binary) runs
 * the shipped `despliegue/Caddyfile-nodos` with only the domains and the nodes' addresses replaced, on a free port of
 * 127.0.0.1, without its admin endpoint. For the tests (tests/api/three-nodes-behind-caddy.test.ts) and the platform
 * bench's three-node figures; neither vitest nor a built site is needed (a site without a build serves its API). The
 * tests pass a database of the run's shared cluster; the bench, outside vitest, starts its own (startPlatformDatabase).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { SITE_KEY_VARIABLE } from '../../src/server/store/siteProof.ts'
import { askHost } from './hostRequest.ts'
import { createDatabaseOn, startPrivateCluster } from './postgresCluster.ts'
import { setUpPlatformRoles } from './platformRoles.ts'
import { commandEnv } from './commandEnv.ts'
import { compiledNodeArgs } from './compiledCommand.ts'

export const CADDY = '/usr/bin/caddy'
export const MISSING_CADDY = `Caddy is not installed (no ${CADDY}). The multi-node tests need Debian's package: apt-get install -y caddy`
const ROOT = path.resolve(import.meta.dirname, '../..')
/** The shipped file's values that the harness replaces; each must still be in the file, or the run would not use it. */
export const SHIPPED_CADDYFILE = path.join(ROOT, 'despliegue', 'Caddyfile-nodos')
const SHIPPED_DOMAINS = 'www.hospital-uno.gov.co, www.hospital-dos.gov.co'
const SHIPPED_NODES = '10.0.0.11:3000 10.0.0.12:3000 10.0.0.13:3000'
const START_LIMIT_MS = 120_000
const STOP_LIMIT_MS = 10_000

export interface PlatformNode {
  /** 1, 2, 3… */
  number: number
  port: number
  dataDir: string
  releasesDir: string
  backupDir: string
  proc: ChildProcess
  /** Everything the process wrote (its JSON log lines and any error). */
  output(): string
  alive(): boolean
  /** Sends `signal` (SIGKILL unless told) and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>
}

export interface PlatformNodes {
  /** Caddy's port on 127.0.0.1: ask it with a site's domain as Host (tests/helpers/hostRequest.ts). */
  proxyPort: number
  nodes: PlatformNode[]
  /** The Caddyfile the proxy runs. */
  caddyfile: string
  proxyOutput(): string
  /** Stops Caddy and every node still running; safe to call twice. */
  stop(): Promise<void>
}

export interface PlatformNodesOptions {
  /** plataforma.yaml of the sites every node serves. */
  platformFile: string
  /** The server role's URL (never the owner's: the nodes run as the service does). */
  databaseUrl: string
  /** DATABASE_CLAVE_SITIOS, hex: a platform's server does not start without it. */
  siteKey: string
  /** Every node's folders and Caddy's go under it (`nodo1/`, `nodo2/`…, `caddy/`). */
  workDir: string
  /** Number of nodes (3). */
  count?: number
  /** Extra variables for every node, e.g. RESPALDO_HORA and a clock (tests/helpers/testClock.ts processClockAt). */
  env?: NodeJS.ProcessEnv
  /** The Caddyfile to run instead of despliegue/Caddyfile-nodos (with the same values to replace). */
  caddyfileTemplate?: string
}

/** A free port on 127.0.0.1 (taken and given back: the process binds it right after). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Every child started, for the exit hook: nothing is left running when the test process ends, whatever happened. */
const running = new Set<ChildProcess>()
let exitHook = false
function track(proc: ChildProcess): void {
  running.add(proc)
  proc.once('exit', () => running.delete(proc))
  if (!exitHook) {
    exitHook = true
    process.once('exit', () => {
      for (const p of running) p.kill('SIGKILL')
    })
  }
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve()
  return new Promise(resolve => proc.once('exit', () => resolve()))
}

/** SIGTERM, then SIGKILL when the process has not ended within the limit. */
async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return
  proc.kill('SIGTERM')
  const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_LIMIT_MS)
  await exited(proc)
  clearTimeout(timer)
}

function startNode(number: number, options: PlatformNodesOptions, port: number): PlatformNode {
  const dir = path.join(options.workDir, `nodo${number}`)
  const dataDir = path.join(dir, 'data')
  const releasesDir = path.join(dir, 'publicaciones')
  const backupDir = path.join(dir, 'respaldos')
  for (const d of [dataDir, releasesDir, backupDir]) fs.mkdirSync(d, { recursive: true })
  let out = ''
  const proc = spawn(process.execPath, compiledNodeArgs('src/server/main.ts'), {
    cwd: ROOT,
    env: {
      // Nothing pointing a node at the project's own content or data (commandEnv.ts).
      ...commandEnv(),
      // Off unless the caller sets the hour (and a clock): a run must not back up at the real 02:00.
      RESPALDO_HORA: 'no',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'info',
      ...options.env,
      PLATAFORMA: options.platformFile,
      DATABASE_URL: options.databaseUrl,
      [SITE_KEY_VARIABLE]: options.siteKey,
      DATA_DIR: dataDir,
      PUBLICACIONES_DIR: releasesDir,
      RESPALDO_DESTINO: backupDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  track(proc)
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  return {
    number,
    port,
    dataDir,
    releasesDir,
    backupDir,
    proc,
    output: () => out,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    async kill(signal = 'SIGKILL') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal)
      await exited(proc)
    },
  }
}

/** Resolves once `ask` gets any HTTP answer; fails when `proc` ends first or the limit passes. */
async function answering(what: string, proc: ChildProcess, output: () => string, ask: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${what} ended while starting:\n${output()}`)
    try {
      await ask()
      return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${START_LIMIT_MS / 1000} s:\n${output()}`)
    await new Promise(r => setTimeout(r, 150))
  }
}

/** The shipped Caddyfile for this run: the site addresses on the proxy's port (plain HTTP), the nodes' addresses. */
export function runCaddyfile(template: string, domains: string[], proxyPort: number, nodePorts: number[]): string {
  let text = fs.readFileSync(template, 'utf8')
  for (const shipped of [SHIPPED_DOMAINS, SHIPPED_NODES])
    if (!text.includes(shipped)) throw new Error(`${path.relative(ROOT, template)} no longer contains «${shipped}»: the harness cannot run it`)
  text = text
    .replace(SHIPPED_DOMAINS, domains.map(d => `http://${d}:${proxyPort}`).join(', '))
    .replace(SHIPPED_NODES, nodePorts.map(p => `127.0.0.1:${p}`).join(' '))
  // The shipped file has no global options; the run's only say: no admin endpoint, no certificates, loopback only.
  return `{\n\tadmin off\n\tauto_https off\n\tdefault_bind 127.0.0.1\n}\n\n${text}`
}

/**
 * Starts `count` nodes (all at once) and, once each answers, Caddy in front of them. Everything started is stopped
 * again when a step fails; otherwise the caller's teardown calls `stop()`.
 */
export async function startPlatformNodes(options: PlatformNodesOptions): Promise<PlatformNodes> {
  if (!fs.existsSync(CADDY)) throw new Error(MISSING_CADDY)
  const { platform, problems } = loadPlatform(options.platformFile)
  if (!platform) throw new Error(`${options.platformFile}: ${JSON.stringify(problems)}`)
  const domains = platform.sites.flatMap(s => s.dominios)
  const count = options.count ?? 3
  const nodes: PlatformNode[] = []
  let caddy: ChildProcess | undefined
  let caddyOut = ''
  const stop = async () => {
    await Promise.all([...(caddy ? [caddy] : []), ...nodes.map(n => n.proc)].map(stopProcess))
  }
  try {
    const ports: number[] = []
    for (let i = 0; i < count; i++) ports.push(await freeLoopbackPort())
    for (const [i, port] of ports.entries()) nodes.push(startNode(i + 1, options, port))
    // An unknown host is answered by the front alone: the node is up, and no site's app was started by asking.
    await Promise.all(nodes.map(n => answering(`node ${n.number}`, n.proc, n.output, () => askHost(n.port, 'nadie.invalid', 'GET', '/'))))

    const proxyPort = await freeLoopbackPort()
    const home = path.join(options.workDir, 'caddy')
    fs.mkdirSync(home, { recursive: true })
    const caddyfile = path.join(home, 'Caddyfile')
    fs.writeFileSync(caddyfile, runCaddyfile(options.caddyfileTemplate ?? SHIPPED_CADDYFILE, domains, proxyPort, ports))
    const proc = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      cwd: home,
      env: { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'datos'), XDG_CONFIG_HOME: path.join(home, 'config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    caddy = proc
    track(proc)
    proc.stdout!.on('data', (d: Buffer) => (caddyOut += d.toString()))
    proc.stderr!.on('data', (d: Buffer) => (caddyOut += d.toString()))
    // A host Caddy has no site for: Caddy answers alone (no node is asked).
    await answering(
      'Caddy',
      proc,
      () => caddyOut,
      () => askHost(proxyPort, 'nadie.invalid', 'GET', '/'),
    )
    return { proxyPort, nodes, caddyfile, proxyOutput: () => caddyOut, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export interface OwnPlatformDatabase {
  ownerUrl: string
  serverUrl: string
  /** DATABASE_CLAVE_SITIOS (hex), registered. */
  siteKey: string
  /** Stops the cluster and removes its folder. */
  stop(): void
}

/**
 * A PostgreSQL cluster of its own (tests/helpers/postgresCluster.ts: initdb in a temporary folder, a free port) with
 * one platform database set up as the guide says (the owner and server roles, a site key): for the platform bench,
 * which runs outside vitest and so cannot use the tests' shared cluster.
 */
export async function startPlatformDatabase(): Promise<OwnPlatformDatabase> {
  const cluster = await startPrivateCluster()
  try {
    const adminUrl = await createDatabaseOn(cluster.port, 'plataforma')
    const siteKey = randomBytes(32).toString('hex')
    const { ownerUrl, serverUrl } = await setUpPlatformRoles(adminUrl, 'plataforma_duenio', 'plataforma_servidor', siteKey)
    return { ownerUrl, serverUrl, siteKey, stop: () => cluster.remove() }
  } catch (error) {
    cluster.remove()
    throw error
  }
}

/**
 * The local ports of a process's TCP connections to `remotePort` (its PostgreSQL connections, as pg_stat_activity's
 * client_port names them): its sockets (/proc/<pid>/fd) matched to the machine's table (/proc/<pid>/net/tcp).
 */
export function connectionPorts(pid: number, remotePort: number): number[] {
  const inodes = new Set<string>()
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (m) inodes.add(m[1]!)
    } catch {
      // Closed meanwhile.
    }
  }
  const ports: number[] = []
  for (const line of fs.readFileSync(`/proc/${pid}/net/tcp`, 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    if (f.length < 10 || !inodes.has(f[9]!)) continue
    if (Number.parseInt(f[2]!.split(':')[1]!, 16) === remotePort) ports.push(Number.parseInt(f[1]!.split(':')[1]!, 16))
  }
  return ports
}
