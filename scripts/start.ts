/**
 * `npm start`: builds the site when it is missing or older than its sources,
 * then runs the server (site + API) in this process and prints its address.
 * Environment: see src/server/main.ts (PORT, HOST, DATA_DIR, SMTP_URL, NOTIFY_TO…).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { clientDirFromEnv, configFromEnv } from '../src/server/config.ts'
import { readPointer, releasesDirFromEnv } from '../src/server/releases.ts'
import { startServer } from '../src/server/run.ts'
import { manifestDir, publicDir } from '../src/manifest/paths.ts'
import { loadPlatform, type Platform } from '../src/manifest/platform.ts'
import { npmCommand, spawnOptions } from '../src/build/commands.ts'
import { publishedNotice } from './lib/publishedNotice.ts'

const root = process.cwd()
/** What the pre-rendered site is made from. The server's own code and generated files are not. */
const SOURCES = ['manifest', 'src', 'schemas', 'public']
const IGNORED = [
  path.join('src', 'server'),
  path.join('src', 'generated'),
  path.join('public', 'sitemap.xml'),
  path.join('public', 'robots.txt'),
  path.join('public', 'search-index.json'),
]

function newestMtime(dir: string): number {
  let newest = 0
  if (!fs.existsSync(dir)) return newest
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const rel = path.relative(root, full)
    if (IGNORED.includes(rel) || entry.name.startsWith('.')) continue
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full))
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs)
  }
  return newest
}

function buildReason(clientDir: string): string | undefined {
  const stamps = ['index.html', '404.html'].map(f => path.join(clientDir, f))
  if (!stamps.every(f => fs.existsSync(f))) return 'no existe el sitio compilado'
  const built = Math.min(...stamps.map(f => fs.statSync(f).mtimeMs))
  const changed = SOURCES.find(d => newestMtime(path.join(root, d)) > built)
  return changed ? `hay cambios en ${changed}/ posteriores a la última compilación` : undefined
}

/**
 * A platform (plataforma.yaml): each site is served from its published release, else from its build output, as the
 * single site is; a site with neither is built first (`npm run build -- --sitio <id>`). A site whose build fails is
 * said and left out of nothing: the server still starts, and that site answers 503 until it is built.
 */
function preparePlatform(platform: Platform): void {
  for (const site of platform.sites) {
    const published = readPointer(site.releasesDir)
    if (published) console.log(`Sitio «${site.id}»: se sirve la versión publicada (${published.actual}).`)
    else if (fs.existsSync(path.join(site.outDir, 'client', 'index.html'))) console.log(`Sitio «${site.id}»: se sirve su última compilación.`)
    else {
      console.log(`Sitio «${site.id}»: compilando (no existe el sitio compilado)…`)
      const build = npmCommand(['run', 'build', '--', '--sitio', site.id])
      const result = spawnSync(build.command, build.args, spawnOptions(build, { stdio: 'inherit', env: process.env }))
      if (result.status !== 0) console.error(`La compilación del sitio «${site.id}» falló; corrija los errores indicados arriba.`)
    }
  }
}

const { platform } = loadPlatform()
const clientDir = clientDirFromEnv()
const published = platform ? undefined : readPointer(releasesDirFromEnv())
const reason = platform || published ? undefined : buildReason(clientDir)
if (platform) {
  preparePlatform(platform)
} else if (published) {
  console.log(`Se sirve la versión publicada con npm run publicar (${published.actual}).`)
  const notice = publishedNotice(releasesDirFromEnv(), published.actual, [manifestDir(), path.join(publicDir(), 'assets')])
  if (notice) console.log(notice)
} else if (reason) {
  console.log(`Compilando el sitio (${reason})…`)
  const build = npmCommand(['run', 'build'])
  const result = spawnSync(build.command, build.args, spawnOptions(build, { stdio: 'inherit', env: process.env }))
  if (result.status !== 0) {
    console.error('La compilación falló; corrija los errores indicados arriba y vuelva a ejecutar npm start.')
    process.exit(result.status ?? 1)
  }
} else {
  console.log('El sitio compilado está al día.')
}

try {
  const { url } = await startServer(configFromEnv())
  console.log(`Sitio y API disponibles en ${url}`)
} catch (error) {
  console.error(`No fue posible iniciar el servidor: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
