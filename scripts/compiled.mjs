/**
 * Starts a staff command from a compiled copy: `node scripts/compiled.mjs validate`
 * runs scripts/validate.ts bundled into one JavaScript file under
 * node_modules/.cache/ese-hospital/, made on first use and again whenever one
 * of its sources, the schemas or the lock file changed. Starting TypeScript
 * through tsx and loading ~60 modules took most of the command's time; plain
 * JavaScript on Node needs neither a shell nor a POSIX system (Windows too).
 * `npm run build` starts `node scripts/compiled.mjs build` the same way (tsx's start-up and its loader
 * thread cost about 1.5 s of CPU per build).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const COMMANDS = ['validate', 'prerender', 'build']
/**
 * Commands whose packages stay outside the bundle: the pre-render must use the very Vike (and React) that the
 * site's server bundle imports, one module instance of each (scripts/prerender.ts).
 */
const PACKAGES_OUTSIDE = ['prerender']
const [name, ...args] = process.argv.slice(2)
if (!COMMANDS.includes(name)) {
  console.error(`Uso: node scripts/compiled.mjs <${COMMANDS.join('|')}> [argumentos]`)
  process.exit(2)
}
const cacheDir = path.join(root, 'node_modules', '.cache', 'ese-hospital')
const bundle = path.join(cacheDir, `${name}.mjs`)
const stampFile = `${bundle}.json`
/**
 * Files the build writes before it could ever run them (src/generated/: the form validators, which the section
 * modules import for the browser and the server; the build process only lists the sections' text): not inputs of
 * the compiled copy, or every form edit by staff would compile the build again.
 */
const WRITTEN_BY_THE_BUILD = `src${path.sep}generated${path.sep}`
/** Read at run time by the bundle, so they decide whether it is current too. */
const EXTRA_INPUTS = ['package-lock.json', 'schemas']

/** Path → "mtime size" of every input, or undefined when one cannot be read. */
function signature(files) {
  const out = {}
  for (const rel of files) {
    try {
      const s = fs.statSync(path.join(root, rel))
      out[rel] = `${s.mtimeMs} ${s.size}`
    } catch {
      return undefined
    }
  }
  return out
}

function extraInputs() {
  return EXTRA_INPUTS.flatMap(rel => {
    const full = path.join(root, rel)
    if (!fs.existsSync(full)) return []
    if (!fs.statSync(full).isDirectory()) return [rel]
    return fs.readdirSync(full).map(f => path.join(rel, f))
  })
}

function isCurrent() {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'))
    const now = signature([...stamp.inputs, ...extraInputs()])
    return now !== undefined && JSON.stringify(now) === JSON.stringify(stamp.signature) && fs.existsSync(bundle)
  } catch {
    return false
  }
}

async function compile() {
  const esbuild = await import('esbuild')
  // A fresh clone has no src/generated/ yet (the build writes it): an empty folder lets the bundler resolve the
  // section modules' import of the validators found there (none until the build has run once).
  fs.mkdirSync(path.join(root, 'src', 'generated', 'validadores'), { recursive: true })
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'scripts', `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: `${bundle}.${process.pid}.tmp.mjs`,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'error',
    // No validators yet in a fresh clone (see compile's first line): nothing to warn about.
    logOverride: { 'empty-glob': 'silent' },
    ...(PACKAGES_OUTSIDE.includes(name) ? { packages: 'external' } : {}),
    // Bundled CommonJS dependencies (ajv, yaml) still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  })
  const inputs = Object.keys(result.metafile.inputs).filter(f => !f.includes('node_modules') && !path.normalize(f).startsWith(WRITTEN_BY_THE_BUILD))
  fs.renameSync(`${bundle}.${process.pid}.tmp.mjs`, bundle)
  const all = [...inputs, ...extraInputs()]
  fs.writeFileSync(stampFile, JSON.stringify({ inputs, signature: signature(all) }))
}

if (!isCurrent()) {
  fs.mkdirSync(cacheDir, { recursive: true })
  await compile()
}
// The command keeps what it computes in the same folder (src/manifest/buildPlan.ts: one variable, a JSON plan).
const PLAN = 'ESE_PLAN_COMPILACION'
let plan = {}
try {
  plan = JSON.parse(process.env[PLAN] || '{}')
} catch {}
process.env[PLAN] = JSON.stringify({ ...plan, cacheDir: plan.cacheDir ?? cacheDir })
process.argv = [process.argv[0], bundle, ...args]
await import(pathToFileURL(bundle).href)
