/**
 * `npm run publicar`: validates and builds the site into a new release folder `publicaciones/<fecha>/`
 * (with `publicacion.json`: date, commit and who published), then switches the running server to it by
 * replacing the pointer `publicaciones/actual.json` (an atomic rename; the server follows it on its next
 * request, no restart). A failed validation or build deletes its folder and leaves the pointer, hence
 * what is served, untouched. The first publication keeps a copy of what the server served before it (the build
 * folder, dist/client) as a release of its own, so `--revertir` can always go back; the build folder itself is
 * never a release, since any `npm run build` changes it.
 * `npm run publicar -- --lista`: the kept releases, the one served marked.
 * `npm run publicar -- --revertir [<publicación>]`: serves the previous release again, or the one named.
 * On a platform (plataforma.yaml, docs/decisions/updates-and-releases.md): `-- --sitio <id>` does each of these for one site, in its own
 * `PlatformSite.releasesDir`; `-- --todos` publishes (or lists) every site, several builds at once, each site's
 * release checked and switched on its own: a site that fails keeps serving its previous release and is reported,
 * the exit code is 1 (scripts/lib/sitePublish.ts). With DATABASE_URL on PostgreSQL, `--todos` sends one job per site to
 * the platform's job queue and waits for the nodes' workers to publish them (src/server/jobs/publishAll.ts); a worker
 * runs this command with `--sitio` (src/server/jobs/publishJob.ts).
 * Environment: PUBLICACIONES_DIR (publicaciones), PUBLICACIONES_CONSERVAR (5), and whatever `npm run build` reads.
 */
import path from 'node:path'
import { readCommandLine } from '../src/cli/commandLine.ts'
import { clientDirFromEnv } from '../src/server/config.ts'
import { publishSitesThroughQueue } from '../src/server/jobs/publishAll.ts'
import { followWorker } from '../src/server/jobs/publishJob.ts'
import { releasesDirFromEnv } from '../src/server/releases.ts'
import { isPostgresUrl } from '../src/server/store/postgres.ts'
import { codeIsBundled } from '../src/build/buildSite.ts'
import { rootRefusal } from '../src/server/serviceAccount.ts'
import { platformToBuild } from './lib/platformBuild.ts'
import { buildRelease, isSite, keepFromEnv } from './lib/releaseFolders.ts'
import { lockReleases } from './lib/releaseLock.ts'
import { databaseOf, listReleasesThrough, PublishError, publishInto, publishSites, revert, siteTarget, type Target } from './lib/sitePublish.ts'

// Started by a worker of the job queue: ends with it (src/server/jobs/publishJob.ts).
followWorker()

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

const USE =
  'Use npm run publicar, npm run publicar -- --lista o npm run publicar -- --revertir [<publicación>]; en una plataforma, agregue --sitio <id> (o --todos para publicar o listar todos).'

const args = process.argv.slice(2)
const options = { revertir: { type: 'boolean' }, lista: { type: 'boolean' }, sitio: { type: 'string' }, todos: { type: 'boolean' } } as const
let parsed: ReturnType<typeof readCommandLine<typeof options>>
try {
  parsed = readCommandLine(args, options, USE)
} catch (error) {
  fail((error as Error).message)
}
const { values, positionals } = parsed
// `--revertir [<publicación>]`: the publication, when named, is the one positional the command takes.
const reverting = values.revertir === true
const target = reverting ? positionals[0] : undefined
const siteId = values.sitio
const all = values.todos === true
const listing = values.lista === true
if (positionals.length > (reverting ? 1 : 0)) fail(`argumento de más: «${positionals.join(' ')}». ${USE}`)
if (reverting && listing) fail(`--lista y --revertir no van juntos. ${USE}`)
if (siteId === '') fail(`falta el id del sitio después de --sitio. ${USE}`)
if (siteId && all) fail(`--sitio y --todos no van juntos. ${USE}`)
if (all && reverting) fail('--revertir es de un sitio a la vez: npm run publicar -- --sitio <id> --revertir [<publicación>].')

const asRoot = rootRefusal(path.resolve(process.env.DATA_DIR || './data'), `npm run publicar -- ${args.join(' ')}`.trim())
if (asRoot) fail(asRoot)

let keep = 0
try {
  keep = keepFromEnv()
} catch (error) {
  fail((error as Error).message)
}

/** The single site of an installation without plataforma.yaml: publicaciones/ and `npm run build`. */
function singleTarget(): Target {
  const releasesDir = releasesDirFromEnv()
  return {
    releasesDir,
    command: 'npm run publicar --',
    unpublishedDir: clientDirFromEnv(),
    database: databaseOf(),
    // The bundles of the release being served (or of the last build) are reused when only content changed
    // (content-only rebuild); the build folder is read, never served: it is not a release.
    build: async (id, served) => {
      const from = served ?? (isSite(clientDirFromEnv()) ? path.dirname(clientDirFromEnv()) : undefined)
      return buildRelease(releasesDir, id, from)
    },
  }
}

try {
  if (siteId || all) {
    const platform = platformToBuild()
    if (!platform) process.exit(2)
    if (all) {
      const databaseUrl = process.env.DATABASE_URL ?? ''
      if (listing) for (const site of platform.sites) await listReleasesThrough(siteTarget(site))
      else if (isPostgresUrl(databaseUrl)) {
        const sites = platform.sites.map(s => s.id)
        const ok = await publishSitesThroughQueue({ databaseUrl, sites, firstAlone: !codeIsBundled() }).catch((error: Error) => fail(error.message))
        process.exit(ok ? 0 : 1)
      } else process.exit((await publishSites(platform.sites, keep)) ? 0 : 1)
    } else {
      const site = platform.sites.find(s => s.id === siteId)
      if (!site) fail(`no hay un sitio «${siteId}» en ${platform.file}; sitios: ${platform.sites.map(s => s.id).join(', ')}.`)
      const t = siteTarget(site)
      if (listing) await listReleasesThrough(t)
      else {
        lockReleases(t.releasesDir, fail)
        if (reverting) await revert(t, target)
        else await publishInto(t, keep)
      }
    }
  } else {
    const t = singleTarget()
    if (listing) await listReleasesThrough(t)
    else {
      lockReleases(t.releasesDir, fail)
      if (reverting) await revert(t, target)
      else await publishInto(t, keep)
    }
  }
} catch (error) {
  if (error instanceof PublishError) fail(error.message)
  throw error
}
