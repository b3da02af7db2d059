/**
 * `npm run actualizar` on the server, from git (docs/decisions/updates-and-releases.md; scripts/actualizar.ts chooses):
 *  1. refuses when files of the program were edited in place (it would overwrite them);
 *  2. fast-forwards the checkout to its upstream branch (`git fetch`, `git merge --ff-only`);
 *  3. `npm ci` when the dependencies changed (the lock file, the project's own version aside);
 *  4. builds the site into a new release folder, without serving it;
 *  5. takes a backup (`npm run respaldo`: SQLite's online backup, or pg_dump);
 *  6. starts the new code aside, on a free loopback port, and checks `/salud/detalle` and the home page. SQLite:
 *     on a copy of the database, where its migrations run first. PostgreSQL: on the real database, whose
 *     migrations it first applies with the owner's account (DATABASE_URL_DUENIO, `bd:preparar`) while the old
 *     release keeps serving (migrations are additive);
 *  7. only then switches the release pointer, naming the new commit: the service (SERVICIO_SUPERVISADO) ends and
 *     its supervisor starts it with the new code (which, on SQLite, runs the migrations on the real database);
 *  8. waits for the service to answer with the new code, and switches back by itself if it does not.
 * Any failure before the switch leaves the served release and the checkout as they were (PostgreSQL: migrations
 * already applied stay; the old release runs on them).
 * Environment: the service's own (PORT, HOST, DATA_DIR, DATABASE_URL, PUBLICACIONES_DIR, BUILD_OUT_DIR…),
 * DATABASE_URL_DUENIO with PostgreSQL, and ACTUALIZAR_ESPERA_S (120): the longest the service may take to come back
 * (the wait ends as soon as it answers, or as soon as the new code reports a failed start).
 * A commit whose update failed is not tried again without `--reintentar` (scripts/lib/updateMemory.ts).
 */
import { readCommandLine } from '../src/cli/commandLine.ts'
import fs from 'node:fs'
import path from 'node:path'
import { loadPlatform } from '../src/manifest/platform.ts'
import { configFromEnv } from '../src/server/config.ts'
import { readPointer, releasesDirFromEnv, writePointer, type Pointer } from '../src/server/releases.ts'
import { buildRelease, describeCheckout, isSite, keepFromEnv, newReleaseId, prune, releaseIdOf, writeReleaseInfo } from './lib/releaseFolders.ts'
import { lockReleases } from './lib/releaseLock.ts'
import { clearStartFailure } from '../src/server/startFailure.ts'
import { type Advance, fastForward, npmCi, refuseLocalEdits, short, versionAt } from './lib/updateCheckout.ts'
import { backupFirst, type DatabaseTrial, type PostgresAccounts, postgresAccounts, postgresTrial, sqliteTrial } from './lib/updateDatabase.ts'
import { abandonBeforeSwitch, followService } from './lib/updateFollow.ts'
import { checkAside, health, serviceBase } from './lib/updateHealth.ts'
import { forgetFailure, refuseFailedBefore, rememberFailure } from './lib/updateMemory.ts'

const root = process.cwd()
const releasesDir = releasesDirFromEnv()
const config = configFromEnv()

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

const version = (commit: string) => `${versionAt(root, commit)} (${short(commit)})`

/** Every failure after the fast-forward and before the switch: checkout (and packages) back, nothing served changed. */
function abortWith(advance: Advance): (message: string) => never {
  return message => fail(abandonBeforeSwitch(root, config.dataDir, advance, message, version(advance.from)))
}

interface Built {
  id: string
  dir: string
  before: Pointer | undefined
}

/** The new release, built but not served. */
function buildNew(advance: Advance, abort: (message: string) => never): Built {
  if (advance.depsChanged && !npmCi(root)) abort('npm ci falló (vea los mensajes de arriba).')
  const before = readPointer(releasesDir)
  const served = before ? path.resolve(releasesDir, before.actual) : undefined
  const id = newReleaseId()
  const dir = path.join(releasesDir, id)
  console.log(`Compilando la versión ${version(advance.to)} en ${path.relative(root, dir)}…`)
  if (!buildRelease(releasesDir, id, served ? path.dirname(served) : undefined, root))
    abort('la validación o la compilación de la versión nueva falló (vea los mensajes de arriba).')
  writeReleaseInfo(dir, describeCheckout(root, versionAt(root, advance.to)))
  return { id, dir, before }
}

/** Backup, then the new code aside on its trial database. Returns the migrations it applied; aborts on any failure. */
async function tryAside(built: Built, accounts: PostgresAccounts | undefined, abort: (message: string) => never): Promise<string[]> {
  const dropRelease = () => fs.rmSync(built.dir, { recursive: true, force: true })
  if (!backupFirst(root, config.dataDir, accounts !== undefined)) {
    dropRelease()
    abort('el respaldo previo falló (vea los mensajes de arriba); no se tocó la base de datos.')
  }
  console.log(`Probando la versión nueva aparte (${accounts ? 'la base PostgreSQL, ya migrada' : 'copia de la base de datos'}, /salud/detalle)…`)
  let trial: DatabaseTrial | undefined
  let problem: string | undefined
  let migrations: string[] = []
  try {
    trial = accounts ? await postgresTrial(root, accounts) : await sqliteTrial(config.dataDir)
    // On a platform, every site through its own Host (the platform's answer alone would hide a broken site).
    const sites = (loadPlatform().platform?.sites ?? []).map(s => ({ id: s.id, host: s.dominios[0]! }))
    problem = await checkAside(root, path.relative(root, built.dir), trial.dataDir, sites)
    migrations = await trial.applied()
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error)
  } finally {
    trial?.cleanup()
  }
  if (problem) {
    dropRelease()
    const kept =
      trial?.migratedLive && migrations.length
        ? `\n  Las migraciones ya aplicadas (${migrations.join(', ')}) quedan en la base: son compatibles con la versión en servicio, que sigue funcionando con ellas.`
        : ''
    abort(`la versión nueva no pasó la verificación de salud: ${problem}.${kept}`)
  }
  return migrations
}

/** `--reintentar`, read before anything is touched: a mistyped option changes nothing. */
function retryAsked(): boolean {
  try {
    const usage = 'Uso: npm run actualizar [-- --reintentar]   o   npm run actualizar -- --paquete <archivo>'
    return readCommandLine(process.argv.slice(2), { reintentar: { type: 'boolean' } }, usage).values.reintentar === true
  } catch (error) {
    return fail(`${(error as Error).message} No se cambió nada.`)
  }
}

async function main(): Promise<void> {
  const retry = retryAsked()
  const accounts = config.databaseUrl ? postgresAccounts(process.env, fail) : undefined
  let keep = 0
  try {
    keep = keepFromEnv()
  } catch (error) {
    fail((error as Error).message)
  }
  refuseLocalEdits(root, fail)
  lockReleases(releasesDir, fail)
  const service = serviceBase(config.host, config.port)
  const serviceBefore = await health(service)
  const advance = fastForward(root, fail, to => refuseFailedBefore(config.dataDir, to, retry, version(to), fail))
  if (!advance) return
  const abort = abortWith(advance)
  const built = buildNew(advance, abort)
  const migrations = await tryAside(built, accounts, abort)

  // The switch: one atomic rename of the pointer, which now names the new code.
  const pointer: Pointer = { actual: `${built.id}/client`, ...(built.before ? { anterior: built.before.actual } : {}), codigo: advance.to }
  clearStartFailure(releasesDir)
  writePointer(releasesDir, pointer)
  console.log(`Versión nueva en servicio: publicación ${built.id}.`)
  const waitS = Number(process.env.ACTUALIZAR_ESPERA_S) > 0 ? Number(process.env.ACTUALIZAR_ESPERA_S) : 120
  if (serviceBefore)
    await followService({
      root,
      releasesDir,
      service,
      advance,
      before: built.before,
      pointer,
      migrations,
      waitMs: waitS * 1000,
      version,
      fail: message => {
        rememberFailure(config.dataDir, advance.to, message)
        fail(message)
      },
    })
  else console.log(`No hay un servidor en marcha en ${service}: la versión nueva se usará al iniciarlo.`)
  prune(releasesDir, pointer, keep)
  forgetFailure(config.dataDir)

  console.log(`✓ Actualizado: versión ${version(advance.from)} → ${version(advance.to)}.`)
  console.log(`  Migraciones de la base de datos: ${migrations.length ? migrations.join(', ') : 'ninguna'}.`)
  console.log(`  Publicación en servicio: ${built.id}${built.before ? ` (anterior: ${releaseIdOf(built.before.actual)})` : ''}.`)
  if (!isSite(path.join(built.dir, 'client'))) console.error('✗ La publicación nueva está incompleta: revise la carpeta de publicaciones.')
}

await main()
