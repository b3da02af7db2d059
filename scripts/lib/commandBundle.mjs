/**
 * One command of this checkout compiled into one JavaScript file (esbuild, bundled), kept under
 * node_modules/.cache/ese-hospital/ and compiled again whenever the content of one of its sources changed. Starting
 * TypeScript through tsx costs about 0.9 s of CPU per process (docs/benchmarks.md, «CI time, fifth pass»); the bundle
 * runs on Node alone, on any system (no shell). Plain JavaScript: `node scripts/compiled.mjs` loads it before any
 * TypeScript can run. Used by scripts/compiled.mjs (the staff's commands) and the tests' process starts
 * (tests/helpers/compiledCommand.ts); docs/decisions/testing.md, «Commands run from a compiled copy».
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Inputs besides the sources: read at run time by the bundles (schemas), deciding what the packages are (the lock
 * file), or how the sources are compiled (this file).
 */
const EXTRA_INPUTS = ['package-lock.json', 'schemas', 'scripts/lib/commandBundle.mjs']
/** Changes with this file's way of compiling: a bundle from another version of it is compiled again. */
const FORMAT = 2

/** The folder of the bundles of the checkout at `root`. */
export function bundleDir(root) {
  return path.join(root, 'node_modules', '.cache', 'ese-hospital', 'compilados')
}

/** Where the bundle of `entry` (relative to `root`, e.g. `src/server/usuarios.ts`) is kept. */
export function bundlePath(root, entry) {
  return path.join(bundleDir(root), `${entry.replace(/\.[^./\\]+$/, '').replace(/[/\\:]+/g, '-')}.mjs`)
}

/**
 * Entry points whose packages all stay outside the bundle: the pre-render must use the very Vike (and React) that the
 * site's server bundle imports, one module instance of each (scripts/prerender.ts).
 */
const PACKAGES_OUTSIDE = new Set(['scripts/prerender.ts'])

function extraInputs(root) {
  return EXTRA_INPUTS.flatMap(rel => {
    const full = path.join(root, rel)
    if (!fs.existsSync(full)) return []
    if (!fs.statSync(full).isDirectory()) return [rel]
    return fs
      .readdirSync(full)
      .sort()
      .map(f => path.join(rel, f))
  })
}

/** SHA-256 over the paths and contents of `files` (relative to `root`), or undefined when one cannot be read. */
function contentHash(root, files) {
  const hash = crypto.createHash('sha256')
  for (const rel of files) {
    let bytes
    try {
      bytes = fs.readFileSync(path.join(root, rel))
    } catch {
      return undefined
    }
    hash.update(`${rel}\0${bytes.length}\0`)
    hash.update(bytes)
  }
  return hash.digest('hex')
}

/**
 * `import.meta.dirname`, `.filename` and `.url` of a source file, as they are when it runs from src/: the bundle
 * lives elsewhere, and the code finds files beside its source with them (the office's oficina.css, the program's
 * root in src/server/version.ts, the forms' validators in src/generated/). Absolute paths: the stamp names the
 * checkout's folder, so a moved checkout compiles again.
 */
function sourcePlacesPlugin(root) {
  // The bundler names files by their real path: a checkout reached through a link is compared as the link's target.
  const realRoot = fs.realpathSync(root)
  return {
    name: 'source-places',
    setup(build) {
      // Only this checkout's own code (src/, scripts/): a filter the bundler applies itself, as calling back into
      // JavaScript for each of the thousands of package files made a compile take seconds.
      const escaped = realRoot.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
      const filter = new RegExp(`^${escaped}[\\\\/](src|scripts)[\\\\/][^:]*\\.(ts|tsx|mts|js|mjs)$`)
      build.onLoad({ filter }, async args => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = await fs.promises.readFile(args.path, 'utf8')
        if (!source.includes('import.meta.')) return undefined
        const contents = source
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        const ext = path.extname(args.path).slice(1)
        return { contents, loader: ext === 'mts' || ext === 'mjs' ? 'js' : ext }
      })
    },
  }
}

function readStamp(stampFile) {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'))
  } catch {
    return undefined
  }
}

/** Whether the bundle of `entry` exists and was made from the sources as they are now (by content). */
export function isCurrent(root, entry) {
  const bundle = bundlePath(root, entry)
  const stamp = readStamp(`${bundle}.json`)
  return (
    stamp?.format === FORMAT &&
    stamp.root === root &&
    stamp.entry === entry &&
    fs.existsSync(bundle) &&
    contentHash(root, [...stamp.inputs, ...extraInputs(root)]) === stamp.hash
  )
}

/**
 * The bundle of `entry` (a path relative to `root`, `/`-separated), compiled when missing or when a source it was
 * made from changed. Several processes may ask at once: each writes its own temporary files and renames them into
 * place, the stamp last.
 */
export async function currentBundle(root, entry) {
  if (!isCurrent(root, entry)) await compile(root, entry)
  return bundlePath(root, entry)
}

/**
 * Files the build writes before it could ever run them (src/generated/: the form validators, which the section
 * modules import for the browser and the server; the build process only lists the sections' text): not inputs of
 * the compiled copy, or every form edit by staff would compile the build again.
 */
const WRITTEN_BY_THE_BUILD = `src${path.sep}generated${path.sep}`

async function compile(root, entry) {
  const bundle = bundlePath(root, entry)
  const packagesOutside = PACKAGES_OUTSIDE.has(entry)
  const esbuild = await import('esbuild')
  fs.mkdirSync(path.dirname(bundle), { recursive: true })
  // A fresh clone has no src/generated/ yet (the build writes it): an empty folder lets the bundler resolve the
  // section modules' import of the validators found there (none until the build has run once).
  fs.mkdirSync(path.join(root, 'src', 'generated', 'validadores'), { recursive: true })
  const temporary = `${bundle}.${process.pid}.${crypto.randomUUID()}.tmp.mjs`
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    jsx: 'automatic',
    outfile: temporary,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'error',
    // No validators yet in a fresh clone (see above): nothing to warn about.
    logOverride: { 'empty-glob': 'silent' },
    plugins: [sourcePlacesPlugin(root)],
    ...(packagesOutside ? { packages: 'external' } : { external: EXTERNAL_PACKAGES }),
    // Bundled CommonJS dependencies (ajv, yaml) still call require(); modules that check whether they are the
    // command being run compare their (source) URL with process.argv[1], which names the source as under tsx.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
        `process.argv[1] = ${JSON.stringify(path.join(root, entry))};`,
      ].join(' '),
    },
  })
  const inputs = Object.keys(result.metafile.inputs)
    .map(f => path.normalize(f))
    .filter(f => !f.includes('node_modules') && !f.startsWith(WRITTEN_BY_THE_BUILD) && !path.isAbsolute(f) && !f.includes(':'))
    .sort()
  const hash = contentHash(root, [...inputs, ...extraInputs(root)])
  fs.renameSync(temporary, bundle)
  const stampTemporary = `${temporary}.json`
  fs.writeFileSync(stampTemporary, JSON.stringify({ format: FORMAT, root, entry, inputs, hash }))
  fs.renameSync(stampTemporary, `${bundle}.json`)
}

/**
 * Packages left in node_modules even in a bundle: native modules (compiled add-ons, loaded by path); the logger,
 * whose transports (pino-roll) run in worker threads that load pino's own files by path; and the build tools, which
 * read their own files by path and import optional packages of their own (Vite, Vike, esbuild).
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pino',
  'pino-roll',
  'thread-stream',
  'esbuild',
  'vite',
  'vike',
  'vike-react',
  '@vitejs/*',
  'decap-server',
]

// `node scripts/lib/commandBundle.mjs <entry> …`: compiles the entries that are not current (the tests' synchronous
// process starts call it when a source changed during the run: tests/helpers/compiledCommand.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(import.meta.dirname, '..', '..')
  for (const entry of process.argv.slice(2)) await currentBundle(root, entry)
}
