/**
 * The health check of a new release before its pointer is switched (`npm run publicar`, every site of
 * `-- --todos`: docs/decisions/updates-and-releases.md). The release is served by the server's own app (`buildApp`, this process's code,
 * the site's manifest folder) through `inject`, no port, and asked for what a citizen needs: the home page and every
 * style sheet and script it loads, the 404 page for an unknown address, the page of each filing form, and
 * `/salud/detalle`. A folder that merely holds `index.html` and `404.html` (releaseFolders.ts `isSite`) can still
 * fail here: a bundle file missing, a page the server cannot serve, a server that does not start on it.
 *
 * The store is a fresh SQLite file in a temporary folder, never the site's data: publishing changes neither the
 * code nor the database (`npm run actualizar`, which changes both, starts the new code aside on a copy of the data:
 * updateHealth.ts), and the live server keeps its own store open meanwhile.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../src/server/app.ts'
import { loadSiteData } from '../../src/server/siteData.ts'

/** An address no page has: the 404 page must answer it. */
const UNKNOWN_PATH = '/verificacion-de-publicacion-pagina-inexistente'

/** The home page's own files (`/_app/…` style sheets, scripts and preloaded modules). */
export function ownAssets(html: string): string[] {
  const out = new Set<string>()
  for (const tag of html.match(/<(link|script)\b[^>]*>/gi) ?? []) {
    const url = /\b(?:href|src)=["']([^"']+)["']/i.exec(tag)?.[1]
    if (url?.startsWith('/_app/')) out.add(url)
  }
  return [...out]
}

/**
 * Serves `releaseDir` (a release folder holding `client/`) with the site of `manifestDir` (undefined: MANIFEST_DIR
 * or manifest/) and returns the Spanish reason it is not fit to serve, or undefined when every check passed.
 */
export async function checkRelease(releaseDir: string, manifestDir: string | undefined): Promise<string | undefined> {
  const clientDir = path.join(releaseDir, 'client')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-verificacion-'))
  const errors: string[] = []
  // Only the server's errors are kept (they become the reason); the checked requests themselves are not logged.
  const logStream = {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } }
        if ((entry.level ?? 0) >= 50) errors.push(entry.err?.message ?? entry.msg ?? '')
      } catch {
        // not a log line
      }
    },
  }
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  try {
    try {
      app = await buildApp({ dataDir, clientDir, manifestDir, logLevel: 'error', logStream, rateLimitMax: 1_000, lookupRateLimitMax: 1_000 })
      await app.ready()
    } catch (error) {
      return `el servidor no pudo iniciar con ella: ${error instanceof Error ? error.message : String(error)}`
    }
    const server = app
    const get = (url: string) => server.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    const because = (what: string, status: number) => `${what} respondió ${status}${errors.length ? ` (${errors.at(-1)})` : ''}`

    const home = await get('/')
    if (home.statusCode !== 200 || !home.headers['content-type']?.toString().startsWith('text/html')) return because('la página de inicio', home.statusCode)
    for (const asset of ownAssets(home.body)) {
      const res = await get(asset)
      if (res.statusCode !== 200) return because(`${asset}, que carga la página de inicio,`, res.statusCode)
    }
    const missing = await get(UNKNOWN_PATH)
    if (missing.statusCode !== 404 || !missing.headers['content-type']?.toString().startsWith('text/html'))
      return because('una dirección inexistente (debe mostrar la página 404)', missing.statusCode)
    for (const page of new Set(Object.values(loadSiteData(manifestDir, clientDir).formPages))) {
      const res = await get(page)
      if (res.statusCode !== 200) return because(`la página del formulario ${page}`, res.statusCode)
    }
    const detail = await server.inject({ method: 'GET', url: '/salud/detalle' })
    if (detail.statusCode !== 200) return because('/salud/detalle', detail.statusCode)
    return undefined
  } finally {
    await app?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
