/**
 * Files derived from the manifest before every build: the route list the
 * pre-render renders, the precompiled form validators (src/generated/, read by
 * the server and copied into the site's output for the browser), sitemap.xml, robots.txt, the search index and the open-data
 * copies (public/datos-abiertos/) and the hospital's identity style sheet (public/identidad.css) (public/, copied
 * as-is). Shared by `npm run generate` and the build (src/build/buildSite.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { compiledCacheDir } from '../manifest/compiledCache.ts'
import type { Manifest } from '../manifest/load.ts'
import { projectRoot, publicDir } from '../manifest/paths.ts'
import { generatedFiles } from '../renderer/generatedFiles.ts'
import { OPEN_DATA_DIR } from '../manifest/openData.ts'
import { IDENTITY_STYLESHEET } from '../manifest/siteIdentity.ts'
import { compileFormSchema } from '../forms/compileFormSchema.ts'
import { VALIDATORS_PATH } from '../forms/precompiled.ts'
import { newFormAjv, validatorModule } from '../forms/standalone.ts'
import { generatedDir } from './generatedDir.ts'

const GENERATED_PREFIX = 'src/generated/'

/**
 * Writes what changed (an unchanged file keeps its date); returns the names of what it generated. `src/generated/…`
 * goes to `genDir` (src/build/generatedDir.ts: the project's own folder, or a platform site's build's).
 */
export function writeGeneratedFiles(manifest: Manifest, genDir = generatedDir(projectRoot())): string[] {
  const root = projectRoot()
  const write = (file: string, content: string) => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
  }
  const files = generatedFiles(manifest)
  for (const [rel, content] of Object.entries(files)) {
    // public/… goes to the public folder in use (PUBLIC_DIR), src/generated/… to genDir, the rest is relative to the project.
    const file = rel.startsWith('public/')
      ? path.join(publicDir(), rel.slice('public/'.length))
      : rel.startsWith(GENERATED_PREFIX)
        ? path.join(genDir, rel.slice(GENERATED_PREFIX.length))
        : path.join(root, rel)
    write(file, content)
  }
  // Open-data copies of lists and tables that are gone must not stay published.
  const openDataDir = path.join(publicDir(), OPEN_DATA_DIR)
  if (fs.existsSync(openDataDir))
    for (const f of fs.readdirSync(openDataDir))
      if (!(`public/${OPEN_DATA_DIR}/${f}` in files)) fs.rmSync(path.join(openDataDir, f), { recursive: true, force: true })
  // A site whose identity was removed must not keep its old colours.
  const identitySheet = `public/${IDENTITY_STYLESHEET}`
  if (!(identitySheet in files)) fs.rmSync(path.join(publicDir(), IDENTITY_STYLESHEET), { force: true })
  // The form validators, precompiled once for the browser and the server (src/forms/precompiled.ts).
  const validatorsDir = path.join(genDir, 'validadores')
  const wanted = new Set(manifest.forms.map(f => `${f.data.id}.js`))
  if (fs.existsSync(validatorsDir))
    for (const f of fs.readdirSync(validatorsDir)) if (!wanted.has(f)) fs.rmSync(path.join(validatorsDir, f), { recursive: true, force: true })
  for (const { data: form } of manifest.forms)
    write(path.join(validatorsDir, `${form.id}.js`), cachedValidatorModule(compileFormSchema(form, manifest.lookups?.data)))
  return [...Object.keys(files), ...manifest.forms.map(f => `src/generated/validadores/${f.data.id}.js`)]
}

let generatorId: string | undefined

/**
 * A form's validator code, compiled by Ajv only when its schema (or Ajv, ajv-errors, or the code that drives them)
 * changed since a build kept it in the staff commands' cache folder (compiledCache.ts): compiling the five forms
 * took about 0.5 s of every build while forms change rarely (docs/decisions/build.md). Without a cache folder (tests, the server)
 * it is compiled every time.
 */
function cachedValidatorModule(schema: ReturnType<typeof compileFormSchema>): string {
  const dir = compiledCacheDir()
  if (!dir) return validatorModule(schema)
  if (generatorId === undefined) {
    const require = createRequire(import.meta.url)
    const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version
    generatorId = `ajv ${version('ajv')} ajv-errors ${version('ajv-errors')}\0${validatorModule.toString()}\0${newFormAjv.toString()}`
  }
  const key = crypto.createHash('sha256').update(generatorId).update('\0').update(JSON.stringify(schema)).digest('hex')
  const file = path.join(dir, 'validadores', `${key}.js`)
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    const code = validatorModule(schema)
    try {
      // Written whole, then renamed: another build reading it at the same time never sees half a file.
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(`${file}.${process.pid}.tmp`, code)
      fs.renameSync(`${file}.${process.pid}.tmp`, file)
    } catch {
      /* a read-only folder only costs the next build the compilation */
    }
    return code
  }
}

/**
 * Puts the site's form validators (written by writeGeneratedFiles into `genDir`) into its output, where the browser
 * fetches them (src/forms/precompiled.ts): site data beside the pages, never in the bundles every site shares.
 * Replaces what an earlier build left, so a removed form's validator goes too.
 */
export function placeValidators(genDir: string, clientDir: string): void {
  const from = path.join(genDir, 'validadores')
  const to = path.join(clientDir, VALIDATORS_PATH)
  fs.rmSync(to, { recursive: true, force: true })
  fs.mkdirSync(to, { recursive: true })
  for (const file of fs.existsSync(from) ? fs.readdirSync(from) : []) if (file.endsWith('.js')) fs.copyFileSync(path.join(from, file), path.join(to, file))
}
