/**
 * The throwaway PostgreSQL cluster of the tests, from Debian's `postgresql`
 * package: initdb into the run's temporary folder, pg_ctl start on a free port
 * of 55400-55499 (TCP on 127.0.0.1, its socket in that folder). Started once
 * per test run by whichever test file asks first (the others wait for it);
 * each test file then creates its own databases. Stopped by postgresGlobal.ts.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const MISSING_POSTGRES =
  "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb). The PostgreSQL store tests need Debian's package: apt-get install -y postgresql"

const PORTS = { first: 55400, last: 55499 }

/** The newest installed server's bin folder (Debian installs /usr/lib/postgresql/<major>/bin). */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return undefined
  const majors = fs
    .readdirSync(root)
    .filter(v => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return majors[0] && path.join(root, majors[0], 'bin')
}

export function clusterPaths(base: string) {
  const data = path.join(base, 'data')
  return {
    data,
    pidFile: path.join(data, 'postmaster.pid'),
    log: path.join(base, 'server.log'),
    ready: path.join(base, 'ready.json'),
    failed: path.join(base, 'failed.txt'),
    lock: path.join(base, 'start.lock'),
    bin: binDir(),
  }
}

/** The command line that runs a PostgreSQL binary as the cluster's owner: `postgres` when the tests run as root (initdb refuses root). */
export function asClusterOwner(command: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', command, ...args] : [command, ...args]
}

function run(command: string, args: string[]): void {
  const [cmd, ...rest] = asClusterOwner(command, args)
  const r = spawnSync(cmd!, rest, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${path.basename(command)} failed (${r.status}): ${r.stderr || r.stdout || r.error?.message}`)
}

function portFree(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const srv = net.createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

async function start(base: string): Promise<number> {
  return (await startCluster(base)).port
}

/** initdb in `base` (which the cluster's owner can write), then pg_ctl start on a free port; the options to start it again. */
async function startCluster(base: string): Promise<{ port: number; options: string }> {
  const p = clusterPaths(base)
  if (!p.bin) throw new Error(MISSING_POSTGRES)
  // Trust on 127.0.0.1 and the private socket: a throwaway cluster in a folder only its owner reads.
  run(path.join(p.bin, 'initdb'), ['-D', p.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  const offset = Math.floor(Math.random() * (PORTS.last - PORTS.first + 1))
  for (let i = 0; i <= PORTS.last - PORTS.first; i++) {
    const port = PORTS.first + ((offset + i) % (PORTS.last - PORTS.first + 1))
    if (!(await portFree(port))) continue
    // fsync=off: the cluster is thrown away at the end of the run; the store's own durability
    // setting (synchronous_commit=on per connection) is what the tests check.
    const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300`
    try {
      run(path.join(p.bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', p.data, '-l', p.log, '-o', options])
      return { port, options }
    } catch (error) {
      // Another program took the port meanwhile: try the next one.
      if (!fs.readFileSync(p.log, 'utf8').includes('could not bind')) throw error
    }
  }
  throw new Error(`No free port for PostgreSQL in ${PORTS.first}-${PORTS.last}`)
}

/** The shared cluster's port, starting it if no test file did yet. */
export async function clusterPort(base: string): Promise<number> {
  const p = clusterPaths(base)
  let owner = false
  try {
    fs.mkdirSync(p.lock)
    owner = true
  } catch {
    // Another test file is starting it.
  }
  if (owner) {
    try {
      const port = await start(base)
      fs.writeFileSync(p.ready, JSON.stringify({ port }))
      return port
    } catch (error) {
      fs.writeFileSync(p.failed, (error as Error).message)
      throw error
    }
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    if (fs.existsSync(p.failed)) throw new Error(fs.readFileSync(p.failed, 'utf8'))
    if (fs.existsSync(p.ready)) return (JSON.parse(fs.readFileSync(p.ready, 'utf8')) as { port: number }).port
    if (Date.now() > deadline) throw new Error('PostgreSQL did not start within 120 s')
    await new Promise(r => setTimeout(r, 100))
  }
}

export const databaseUrl = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`

async function admin<T>(port: number, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(port, 'postgres') })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

let counter = 0

/** A new empty database on the shared cluster; returns its URL. */
export async function createDatabase(base: string, label: string): Promise<string> {
  const port = await clusterPort(base)
  const name = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${++counter}`
  await admin(port, c => c.query(`CREATE DATABASE "${name}"`))
  return databaseUrl(port, name)
}

/** Creates again, empty, a database of this URL (dropped earlier by dropDatabase). */
export async function recreateDatabase(url: string): Promise<void> {
  const u = new URL(url)
  await admin(Number(u.port), c => c.query(`CREATE DATABASE "${u.pathname.slice(1)}"`))
}

/** Drops a database made by createDatabase, closing any connection left open on it. */
export async function dropDatabase(url: string): Promise<void> {
  const u = new URL(url)
  await admin(Number(u.port), c => c.query(`DROP DATABASE IF EXISTS "${u.pathname.slice(1)}" WITH (FORCE)`))
}

/**
 * A cluster of one test file's own, for tests that stop and start PostgreSQL
 * (the shared one serves every other file of the run meanwhile).
 */
export interface PrivateCluster {
  port: number
  url(database: string): string
  /** pg_ctl stop -m fast (sessions ended, transactions rolled back) or -m immediate (the server killed, recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): void
  /** Starts it again on the same port and waits until it accepts connections. */
  start(): void
  /** Stops it (if running) and removes its folder. */
  remove(): void
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-private-'))
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', base])
  const { port, options } = await startCluster(base)
  const p = clusterPaths(base)
  const pgCtl = (args: string[]) => run(path.join(p.bin!, 'pg_ctl'), args)
  return {
    port,
    url: database => databaseUrl(port, database),
    stop: mode => pgCtl(['stop', '-w', '-t', '60', '-D', p.data, '-m', mode]),
    start: () => pgCtl(['start', '-w', '-t', '60', '-D', p.data, '-l', p.log, '-o', options]),
    remove: () => {
      if (fs.existsSync(p.pidFile)) {
        try {
          pgCtl(['stop', '-w', '-D', p.data, '-m', 'immediate'])
        } catch {
          // Already stopping.
        }
      }
      fs.rmSync(base, { recursive: true, force: true })
    },
  }
}

/** Creates a database on a cluster given by its port. */
export async function createDatabaseOn(port: number, name: string): Promise<string> {
  await admin(port, c => c.query(`CREATE DATABASE "${name}"`))
  return databaseUrl(port, name)
}
