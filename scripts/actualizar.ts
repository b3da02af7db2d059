/**
 * `npm run actualizar` on the server (docs/decisions/updates-and-releases.md):
 *  1. refuses when files of the program were edited in place (it would overwrite them);
 *  2. fast-forwards the checkout to its upstream branch (`git fetch`, `git merge --ff-only`);
 *  3. `npm ci` when the dependencies changed (the lock file, the project's own version aside);
 *  4. builds the site into a new release folder, without serving it;
 *  5. starts the new code aside, on a free loopback port and on a copy of the SQLite database (so its migrations
 *     run there first), and checks `/salud/detalle` and the home page;
 *  6. only then switches the release pointer, naming the new commit: the service (SERVICIO_SUPERVISADO) ends and
 *     its supervisor starts it with the new code, which runs the migrations on the real database;
 *  7. waits for the service to answer with the new code, and switches back by itself if it does not.
 * Any failure before the switch leaves the served release and the checkout as they were.
 * Environment: the service's own (PORT, HOST, DATA_DIR, PUBLICACIONES_DIR, BUILD_OUT_DIR…), and
 * ACTUALIZAR_ESPERA_S (120): how long the service may take to come back with the new code.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { configFromEnv } from '../src/server/config.ts'
import { readPointer, releasesDirFromEnv, writePointer, type Pointer } from '../src/server/releases.ts'
import { DB_FILE } from '../src/server/store/sqlite.ts'
import { withoutOwnVersion } from './lib/buildSite.ts'
import { npmCommand, spawnOptions } from './lib/commands.ts'
import { buildRelease, describeCheckout, isSite, keepFromEnv, newReleaseId, prune, releaseIdOf, writeReleaseInfo } from './lib/releaseFolders.ts'
import { lockReleases } from './lib/releaseLock.ts'

const root = process.cwd()
const releasesDir = releasesDirFromEnv()
const config = configFromEnv()
const ASIDE_WAIT_MS = 90_000

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

function git(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', windowsHide: true })
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() }
}

const short = (commit: string) => commit.slice(0, 10)

function versionAt(commit: string): string {
  const r = git(['show', `${commit}:package.json`])
  try {
    return (JSON.parse(r.out) as { version?: string }).version ?? '?'
  } catch {
    return '?'
  }
}

/** Whether the installed packages must change: the lock file differs beyond the project's own version. */
function dependenciesChanged(from: string, to: string): boolean {
  const lock = (c: string) => withoutOwnVersion(git(['show', `${c}:package-lock.json`]).out)
  return lock(from) !== lock(to)
}

function npmCi(): boolean {
  console.log('Las dependencias cambiaron: npm ci…')
  const ci = npmCommand(['ci', '--no-audit', '--no-fund'])
  return spawnSync(ci.command, ci.args, spawnOptions(ci, { cwd: root, stdio: 'inherit' })).status === 0
}

/** Migrations recorded in a SQLite database (version → name); empty when there is no database yet. */
function migrationsIn(file: string): Map<string, string> {
  if (!fs.existsSync(file)) return new Map()
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('SELECT * FROM schema_migrations').all() as Array<Record<string, unknown>>
    return new Map(rows.map(r => [String(r.version ?? r.nombre), String(r.nombre ?? r.version)]))
  } catch {
    return new Map()
  } finally {
    db.close()
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

interface Health {
  status: number
  body: { estado?: string; version?: string; codigo?: string | null; publicacion?: string }
}

async function health(base: string): Promise<Health | undefined> {
  try {
    const res = await fetch(`${base}/salud/detalle`, { signal: AbortSignal.timeout(5_000) })
    return { status: res.status, body: (await res.json()) as Health['body'] }
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms))

/**
 * The new code, started aside on a copy of the data: its health detail must say filings can be stored and its
 * home page must load. Returns the Spanish reason of a failure, or undefined.
 */
async function checkAside(releaseDir: string, dataCopy: string): Promise<string | undefined> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataCopy,
    BUILD_OUT_DIR: releaseDir,
    // No pointer there: it serves the new release (BUILD_OUT_DIR) and never watches the real pointer.
    PUBLICACIONES_DIR: path.join(dataCopy, 'sin-publicaciones'),
    SERVICIO_SUPERVISADO: '',
    LOG_FILE: '',
    LOG_LEVEL: 'warn',
    RESPALDO_HORA: '',
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
  const lastLines = () => output.trim().split('\n').slice(-5).join('\n    ')
  try {
    const deadline = Date.now() + ASIDE_WAIT_MS
    for (;;) {
      if (child.exitCode !== null) return `la nueva versión terminó al iniciar:\n    ${lastLines()}`
      const h = await health(base)
      if (h) {
        if (h.status !== 200 || h.body.estado !== 'ok') return `/salud/detalle respondió ${h.status} (${h.body.estado ?? 'sin estado'})`
        const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined)
        if (home?.status !== 200) return `la página de inicio respondió ${home?.status ?? 'nada'}`
        return undefined
      }
      if (Date.now() > deadline) return `la nueva versión no respondió en ${ASIDE_WAIT_MS / 1000} s`
      await sleep(250)
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

async function main(): Promise<void> {
  if (config.databaseUrl) {
    // Not automated (docs/decisions/updates-and-releases.md): the migrations need the tables' owner account, and
    // there is no copy of the database to try them on before the switch, as there is with SQLite.
    fail(
      'con PostgreSQL (DATABASE_URL) npm run actualizar no actualiza por sí solo: las migraciones de la base necesitan la cuenta dueña de las tablas ' +
        'y no hay una copia de la base en la que probarlas antes. No se cambió nada. Siga los pasos de docs/guia-operacion.md, sección 7.4 «Actualizar con PostgreSQL».',
    )
  }
  let keep = 0
  try {
    keep = keepFromEnv()
  } catch (error) {
    fail((error as Error).message)
  }
  if (!git(['rev-parse', '--is-inside-work-tree']).ok) fail(`${root} no es una copia de git: npm run actualizar trae las versiones nuevas con git.`)
  lockReleases(releasesDir, fail)

  // 1. Files of the program edited in place would be overwritten by the new version.
  const edited = git(['status', '--porcelain', '--untracked-files=no'])
  if (!edited.ok) fail(`git no pudo revisar la copia del programa:\n${edited.out}`)
  if (edited.out) {
    const files = edited.out.split('\n').map(l => l.slice(3))
    fail(
      `hay cambios locales en archivos del programa:\n  ${files.join('\n  ')}\n` +
        'npm run actualizar no los sobrescribe. Si el cambio debe conservarse, pídalo a quien mantiene el programa; ' +
        'si no, descártelo con «git checkout -- <archivo>» y ejecute de nuevo npm run actualizar.',
    )
  }

  const service = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  const serviceBefore = await health(service)
  const from = git(['rev-parse', 'HEAD']).out

  // 2. Fast-forward only: local commits are never thrown away.
  console.log('Buscando una versión nueva (git fetch)…')
  const fetched = git(['fetch', '--quiet'])
  if (!fetched.ok) fail(`no se pudo consultar el repositorio de origen:\n${fetched.out}`)
  const upstream = git(['rev-parse', '@{upstream}'])
  if (!upstream.ok) fail('la rama de esta copia no sigue una rama del repositorio de origen (git branch --set-upstream-to=origin/main).')
  const to = upstream.out
  if (to === from) {
    console.log(`✓ Ya está al día: versión ${versionAt(from)} (${short(from)}). No se cambió nada.`)
    return
  }
  if (!git(['merge-base', '--is-ancestor', from, to]).ok) {
    fail(
      `esta copia tiene cambios guardados (commits) que el origen no tiene; no se puede avanzar sin perderlos. Versión en uso: ${short(from)}, del origen: ${short(to)}.`,
    )
  }
  const depsChanged = dependenciesChanged(from, to)
  const merged = git(['merge', '--ff-only', '--quiet', to])
  if (!merged.ok) fail(`git no pudo avanzar a la versión nueva:\n${merged.out}`)

  /** Puts the checkout (and the packages) back as they were: used by every failure from here on. */
  const restoreCheckout = (): void => {
    git(['reset', '--quiet', '--hard', from])
    if (depsChanged && !npmCi()) console.error('✗ npm ci de la versión anterior falló: ejecútelo a mano antes de reiniciar el servicio.')
  }
  const abort = (message: string): never => {
    restoreCheckout()
    fail(`${message}\n  Se sigue sirviendo la versión ${versionAt(from)} (${short(from)}); no se cambió nada.`)
  }

  // 3. Packages.
  if (depsChanged && !npmCi()) abort('npm ci falló (vea los mensajes de arriba).')

  // 4. The new release, built but not served.
  const before = readPointer(releasesDir)
  const served = before ? path.resolve(releasesDir, before.actual) : undefined
  const id = newReleaseId()
  const releaseDir = path.join(releasesDir, id)
  console.log(`Compilando la versión ${versionAt(to)} (${short(to)}) en ${path.relative(root, releaseDir)}…`)
  if (!buildRelease(releasesDir, id, served ? path.dirname(served) : undefined, root))
    abort('la validación o la compilación de la versión nueva falló (vea los mensajes de arriba).')
  writeReleaseInfo(releaseDir, describeCheckout(root, versionAt(to)))

  // 5. The new code, aside, on a copy of the database: its migrations run on the copy first.
  console.log('Probando la versión nueva aparte (copia de la base de datos, /salud/detalle)…')
  const dataCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'actualizar-'))
  const liveDb = path.join(config.dataDir, DB_FILE)
  let migrations: string[] = []
  let problem: string | undefined
  try {
    if (fs.existsSync(liveDb)) {
      const db = new Database(liveDb, { readonly: true, fileMustExist: true })
      try {
        await db.backup(path.join(dataCopy, DB_FILE))
      } finally {
        db.close()
      }
    }
    const had = migrationsIn(liveDb)
    problem = await checkAside(path.relative(root, releaseDir), dataCopy)
    migrations = [...migrationsIn(path.join(dataCopy, DB_FILE))].filter(([v]) => !had.has(v)).map(([v, name]) => (v === name ? v : `${v} (${name})`))
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error)
  } finally {
    fs.rmSync(dataCopy, { recursive: true, force: true })
  }
  if (problem) {
    fs.rmSync(releaseDir, { recursive: true, force: true })
    abort(`la versión nueva no pasó la verificación de salud: ${problem}.`)
  }

  // 6. The switch: one atomic rename of the pointer, which now names the new code.
  const pointer: Pointer = { actual: `${id}/client`, ...(before ? { anterior: before.actual } : {}), codigo: to }
  writePointer(releasesDir, pointer)
  console.log(`Versión nueva en servicio: publicación ${id}.`)

  // 7. The service restarts with the new code; if it does not come back with it, everything goes back.
  if (serviceBefore) {
    const waitS = Number(process.env.ACTUALIZAR_ESPERA_S) > 0 ? Number(process.env.ACTUALIZAR_ESPERA_S) : 120
    console.log(`Esperando a que el servicio (${service}) se reinicie con la versión nueva (hasta ${waitS} s)…`)
    const deadline = Date.now() + waitS * 1000
    let back: Health | undefined
    while (Date.now() < deadline) {
      back = await health(service)
      if (back?.status === 200 && back.body.codigo === to) break
      await sleep(500)
    }
    if (!(back?.status === 200 && back.body.codigo === to)) {
      // Naming the old commit makes a service that did start the new code restart once more, with the old one.
      restoreCheckout()
      writePointer(releasesDir, { ...(before ?? { actual: pointer.actual }), codigo: from })
      fail(
        `el servicio no volvió a responder con la versión nueva en ${waitS} s (¿corre como servicio, con SERVICIO_SUPERVISADO=1?). ` +
          `Se volvió a la versión ${versionAt(from)} (${short(from)}) y a la publicación anterior; el servicio se reinicia con ella.` +
          (migrations.length
            ? ` Atención: la versión nueva pudo aplicar migraciones (${migrations.join(', ')}); si el servicio no arranca, restaure el último respaldo (npm run restaurar).`
            : ''),
      )
    }
  } else {
    console.log(`No hay un servidor en marcha en ${service}: la versión nueva se usará al iniciarlo.`)
  }
  prune(releasesDir, pointer, keep)

  console.log(`✓ Actualizado: versión ${versionAt(from)} (${short(from)}) → ${versionAt(to)} (${short(to)}).`)
  console.log(`  Migraciones de la base de datos: ${migrations.length ? migrations.join(', ') : 'ninguna'}.`)
  console.log(`  Publicación en servicio: ${id}${before ? ` (anterior: ${releaseIdOf(before.actual)})` : ''}.`)
  if (!isSite(path.join(releaseDir, 'client'))) console.error('✗ La publicación nueva está incompleta: revise la carpeta de publicaciones.')
}

await main()
