/**
 * Files derived from the manifest before every build: the route list for the
 * route functions, the precompiled form validators (src/generated/, read by
 * the bundles), sitemap.xml, robots.txt, the search index and the open-data
 * copies (public/datos-abiertos/) and the hospital's identity style sheet (public/identidad.css) (public/, copied
 * as-is). Shared by `npm run generate` and the build (scripts/lib/buildSite.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Manifest } from '../../src/manifest/load.ts'
import { projectRoot, publicDir } from '../../src/manifest/paths.ts'
import { generatedFiles } from '../../src/renderer/generatedFiles.ts'
import { OPEN_DATA_DIR } from '../../src/manifest/openData.ts'
import { IDENTITY_STYLESHEET } from '../../src/manifest/siteIdentity.ts'
import { compileFormSchema } from '../../src/forms/compileFormSchema.ts'
import { validatorModule } from '../../src/forms/standalone.ts'
import { generatedDir } from './generatedDir.ts'

const GENERATED_PREFIX = 'src/generated/'

/**
 * Writes what changed (an unchanged file keeps its date); returns the names of what it generated. `src/generated/…`
 * goes to `genDir` (scripts/lib/generatedDir.ts: the project's own folder, or a platform site's build's).
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
    write(path.join(validatorsDir, `${form.id}.js`), validatorModule(compileFormSchema(form, manifest.lookups?.data)))
  return [...Object.keys(files), ...manifest.forms.map(f => `src/generated/validadores/${f.data.id}.js`)]
}
