/**
 * Starts a command of this checkout from a compiled copy: `node scripts/compiled.mjs validate` runs
 * scripts/validate.ts bundled into one JavaScript file under node_modules/.cache/ese-hospital/compilados/, made on
 * first use and again whenever the content of one of its sources, the schemas or the lock file changed
 * (scripts/lib/commandBundle.mjs). Starting TypeScript through tsx and loading ~60 modules took most of a command's
 * time; plain JavaScript on Node needs neither a shell nor a POSIX system (Windows too). `npm run build` starts
 * `node scripts/compiled.mjs build` the same way (tsx's start-up and its loader thread cost about 1.5 s of CPU per
 * build).
 */
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bundleDir, currentBundle } from './lib/commandBundle.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The commands started this way, and the source each one runs. */
const COMMANDS = { validate: 'scripts/validate.ts', prerender: 'scripts/prerender.ts', build: 'scripts/build.ts' }
const [name, ...args] = process.argv.slice(2)
const entry = Object.hasOwn(COMMANDS, name ?? '') ? COMMANDS[name] : undefined
if (!entry) {
  console.error(`Uso: node scripts/compiled.mjs <${Object.keys(COMMANDS).join('|')}> [argumentos]`)
  process.exit(2)
}
const bundle = await currentBundle(root, entry)
// The command keeps what it computes beside its compiled copy (src/manifest/buildPlan.ts: one variable, a JSON plan).
const PLAN = 'ESE_PLAN_COMPILACION'
let plan = {}
try {
  plan = JSON.parse(process.env[PLAN] || '{}')
} catch {}
process.env[PLAN] = JSON.stringify({ ...plan, cacheDir: plan.cacheDir ?? path.dirname(bundleDir(root)) })
process.argv = [process.argv[0], bundle, ...args]
await import(pathToFileURL(bundle).href)
