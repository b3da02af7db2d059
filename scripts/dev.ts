/**
 * `npm run dev`: live preview for staff. Serves the site (rendered on demand by the bundler's dev
 * server) with the API, and on every save under manifest/ or public/assets/ validates the manifest:
 * valid → the open page reloads itself; errors → the browser shows them over the page (the bundler's
 * error overlay) and the terminal prints them, as `archivo:línea:columna: mensaje`, until fixed.
 * The terminal shows only short Spanish lines; the bundler's, Vike's and the API's own output goes to
 * dist/registro-vista-previa.log (scripts/lib/devTerminal.ts).
 * Options: `--detalle` (all of that in the terminal instead). Environment: PORT (5173), MANIFEST_DIR, PUBLIC_DIR.
 *
 * Preview is preview (docs/decisions/build.md): the pages are rendered from manifest/ as saved, and the API reads the same
 * manifest and the search index written from it here, never a publication of `npm run publicar`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createServer, type Plugin, type ViteDevServer } from 'vite'
import { forgetCachedManifests } from '../src/manifest/load.ts'
import { displayPath, manifestDir, projectRoot, publicDir } from '../src/manifest/paths.ts'
import { formatProblem, type Problem } from '../src/manifest/problem.ts'
import { validateManifest } from '../src/manifest/validate.ts'
import { readCommandLine } from '../src/cli/commandLine.ts'
import { generatedFiles } from '../src/renderer/generatedFiles.ts'
import { configFromEnv } from '../src/server/config.ts'
import { startServer } from '../src/server/run.ts'
import { manifestErrorPage } from './lib/devErrorPage.ts'
import { defaultGeneratedDir } from '../src/build/generatedDir.ts'
import { vikeCrawl } from '../src/build/vikeCrawl.ts'
import { DEV_LOG_FILE, detailedTerminal, quietTerminal } from './lib/devTerminal.ts'

let detail = false
try {
  detail = readCommandLine(process.argv.slice(2), { detalle: { type: 'boolean' } }, 'Uso: npm run dev [-- --detalle]').values.detalle === true
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
const port = Number(process.env.PORT || 5173)
const term = detail ? detailedTerminal() : quietTerminal(path.resolve(process.env.BUILD_OUT_DIR ?? 'dist', DEV_LOG_FILE))

/** Validates the manifest; when valid, rewrites the generated files that changed (routes, sitemap…). */
function check(): Problem[] {
  const { manifest, errors } = validateManifest()
  if (errors.length > 0) return errors
  for (const [rel, content] of Object.entries(generatedFiles(manifest))) {
    const file = rel.startsWith('public/') ? path.join(publicDir(), rel.slice('public/'.length)) : path.join(projectRoot(), rel)
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) continue
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
  }
  return []
}

function overlayPayload(errors: Problem[]) {
  const first = errors[0]!
  return {
    type: 'error' as const,
    err: {
      message: `El manifiesto tiene ${errors.length} error(es); corríjalos y guarde:\n${errors.map(formatProblem).join('\n')}`,
      stack: '',
      plugin: 'manifiesto',
      id: first.file,
      loc: { file: first.file, line: first.line, column: first.col },
    },
  }
}

/** Watches the content folders and tells the open pages to reload or to show the errors. */
function livePreview(initial: Problem[]): Plugin {
  let errors = initial
  let timer: NodeJS.Timeout | undefined
  return {
    name: 'vista-previa-manifiesto',
    configureServer(server: ViteDevServer) {
      const watched = [manifestDir(), path.join(publicDir(), 'assets')]
      server.watcher.add(watched)
      const inside = (file: string) => watched.some(dir => !path.relative(dir, file).startsWith('..'))
      const onChange = (file: string) => {
        if (!inside(path.resolve(file))) return
        clearTimeout(timer)
        // Editors save in several steps (temporary file, rename): react once to the last one.
        timer = setTimeout(() => {
          forgetCachedManifests()
          errors = check()
          if (errors.length > 0) {
            term.warn(`\n✗ ${errors.length} error(es) en el manifiesto:`)
            for (const e of errors) term.warn(`  ${formatProblem(e)}`)
            server.ws.send(overlayPayload(errors))
          } else {
            term.say(`✓ ${displayPath(file)}: página actualizada`)
            server.ws.send({ type: 'full-reload', path: '*' })
          }
        }, 150)
      }
      server.watcher.on('change', onChange)
      server.watcher.on('add', onChange)
      server.watcher.on('unlink', onChange)
      // A page opened (or reloaded) while the manifest has errors shows them, in Spanish, instead of Vike's
      // «An error occurred.»; the overlay shows them too.
      server.middlewares.use((req, res, next) => {
        if (errors.length === 0 || req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next()
        res.statusCode = 503
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end(manifestErrorPage(errors))
      })
      // The forms' validators, which a build puts in the site's output (src/forms/precompiled.ts): here, the checkout's.
      server.middlewares.use((req, res, next) => {
        const id = /^\/_validadores\/([a-z0-9-]+)\.js$/.exec(req.url?.split('?')[0] ?? '')?.[1]
        const file = id && path.join(defaultGeneratedDir(projectRoot()), 'validadores', `${id}.js`)
        if (!file || !fs.existsSync(file)) return next()
        res.setHeader('content-type', 'text/javascript; charset=utf-8')
        res.end(fs.readFileSync(file))
      })
      server.ws.on('connection', () => {
        if (errors.length > 0) setTimeout(() => server.ws.send(overlayPayload(errors)), 100)
      })
    },
  }
}

/**
 * What the browser shows staff comes from the bundler's client in English: the error overlay's footer and
 * `[vite] connected.` in the console. Rewritten here into short Spanish lines (docs/decisions/build.md); with `--detalle`
 * the bundler speaks as it is. Exact-string replacements: if a new Vite version changes a string, the
 * live-preview test (tests/e2e/live-preview.spec.ts) fails rather than showing English silently.
 */
const CLIENT_TEXTS: Array<[string, string]> = [
  [
    '"Click outside, press ", h("kbd", {}, "Esc"), " key, or fix the code to dismiss."',
    '"Corrija el archivo y guárdelo: este aviso se cierra solo. También puede cerrarlo con ", h("kbd", {}, "Esc"), " o con un clic fuera."',
  ],
  [
    'h("br"), "You can also disable this overlay by setting ", h("code", { part: "config-option-name" }, "server.hmr.overlay"), " to ", h("code", { part: "config-option-value" }, "false"), " in ", h("code", { part: "config-file-name" }, hmrConfigName), "."',
    '""',
  ],
  ['console.debug("[vite] connecting...")', 'console.debug("[vista previa] conectando…")'],
  ['console.debug(`[vite] connected.`)', 'console.debug("[vista previa] conectada: la página se actualiza sola al guardar.")'],
  [
    'console.log(`[vite] server connection lost. Polling for restart...`)',
    'console.log("[vista previa] se perdió la conexión con npm run dev; esperando a que vuelva…")',
  ],
]

function spanishClient(): Plugin {
  return {
    name: 'cliente-en-espanol',
    apply: 'serve',
    transform(code, id) {
      if (!/[\\/]vite[\\/]dist[\\/]client[\\/]client\.mjs$/.test(id.split('?')[0]!)) return undefined
      return CLIENT_TEXTS.reduce((text, [english, spanish]) => text.replace(english, spanish), code)
    },
  }
}

const initial = check()
for (const e of initial) term.warn(formatProblem(e))

/** A start that fails says why in Spanish and ends; the error itself goes to the log file (or the terminal with --detalle). */
function startFailed(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error)
  term.detail(error instanceof Error ? (error.stack ?? message) : message)
  term.warn(
    /already in use/.test(message)
      ? `✗ El puerto ${port} ya está en uso: ¿hay otra vista previa abierta? Use esa, o ciérrela (Ctrl+C en su ventana) y vuelva a ejecutar npm run dev.`
      : `✗ No fue posible iniciar la vista previa: ${message}`,
  )
  process.exit(1)
}

// The API (forms, lookups, search) on a free local port; the preview forwards /api to it. It reads the manifest as
// saved and the search index check() wrote into public/, not a publication (releasesDir) nor the last build.
const api = await startServer({
  ...configFromEnv(),
  port: 0,
  host: '127.0.0.1',
  clientDir: publicDir(),
  releasesDir: undefined,
  logLevel: 'info',
  logStream: term.apiLog,
}).catch(startFailed)

// Vike looks for the pages' `+` files in src/ only, as in a build (src/build/buildSite.ts, vikeCrawl).
process.env.VIKE_CRAWL ??= vikeCrawl(projectRoot())
const server = await createServer({
  root: projectRoot(),
  // Vike prints Vite's lines itself, whatever logLevel says (see scripts/lib/devTerminal.ts); kept for --detalle.
  logLevel: 'info',
  clearScreen: false,
  server: { port, host: '127.0.0.1', strictPort: true, proxy: { '/api': { target: api.url } } },
  plugins: [livePreview(initial), ...(detail ? [] : [spanishClient()])],
}).catch(startFailed)
await server.listen().catch(startFailed)
term.say(`Vista previa en http://127.0.0.1:${port}/`)
term.say('Guarde un archivo de manifest/ o public/assets/ y la página abierta se actualiza sola. Ctrl+C para salir.')
if (term.logFile) term.say(`Detalle técnico (para el área de sistemas): ${term.logFile}, o npm run dev -- --detalle.`)
if (initial.length > 0) term.warn(`✗ El manifiesto tiene ${initial.length} error(es): la página los mostrará hasta que los corrija.`)

const stop = async () => {
  await server.close()
  await api.app.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
