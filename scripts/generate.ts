/**
 * Files derived from the manifest before every build: the route list for the
 * route function, sitemap.xml and robots.txt. Output goes to src/generated/
 * (read by the build) and public/ (copied as-is).
 */
import fs from 'node:fs'
import path from 'node:path'
import { loadValidManifestCached } from '../src/manifest/load.ts'
import { projectRoot, publicDir } from '../src/manifest/paths.ts'
import { generatedFiles } from '../src/renderer/generatedFiles.ts'
import { compileFormSchema } from '../src/forms/compileFormSchema.ts'
import { validatorModule } from '../src/forms/standalone.ts'

const manifest = loadValidManifestCached()
const root = projectRoot()
for (const [rel, content] of Object.entries(generatedFiles(manifest))) {
  // public/… goes to the public folder in use (PUBLIC_DIR), the rest is relative to the project.
  const file = rel.startsWith('public/') ? path.join(publicDir(), rel.slice('public/'.length)) : path.join(root, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}
// The form validators, precompiled once for the browser and the server (src/forms/precompiled.ts).
const validatorsDir = path.join(root, 'src', 'generated', 'validadores')
fs.rmSync(validatorsDir, { recursive: true, force: true })
fs.mkdirSync(validatorsDir, { recursive: true })
for (const { data: form } of manifest.forms) {
  fs.writeFileSync(path.join(validatorsDir, `${form.id}.js`), validatorModule(compileFormSchema(form, manifest.lookups?.data)))
}
console.log(`Validadores precompilados: ${manifest.forms.map((f) => f.data.id).join(', ')}`)
console.log(`Generados: ${Object.keys(generatedFiles(manifest)).join(', ')}`)
