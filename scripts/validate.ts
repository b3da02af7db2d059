/** `npm run validate`: every manifest problem as file:line:col, exit 1 on errors. */
import { formatProblem } from '../src/manifest/problem.ts'
import { validateManifest } from '../src/manifest/validate.ts'

const started = performance.now()
const { manifest, errors, warnings } = validateManifest()
for (const w of warnings) console.log(formatProblem(w))
for (const e of errors) console.error(formatProblem(e))
const ms = Math.round(performance.now() - started)
const summary = `${manifest.pages.length} páginas, ${manifest.documents.reduce((n, d) => n + d.data.filas.length, 0)} documentos, ${manifest.forms.length} formularios, ${manifest.news.length} noticias revisados en ${ms} ms`
if (errors.length > 0) {
  console.error(`\n✗ ${errors.length} error(es), ${warnings.length} aviso(s). ${summary}.`)
  process.exit(1)
}
console.log(`✓ Manifiesto válido: ${warnings.length} aviso(s). ${summary}.`)
