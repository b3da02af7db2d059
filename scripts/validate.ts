/**
 * `npm run validate`: every manifest problem as file:line:col, exit 1 on errors.
 * Options: `--formato json|gitlab` (machine-readable report), `--salida <archivo>` (write that report to
 * a file instead of standard output). Under GitHub Actions it also prints workflow annotations.
 */
import fs from 'node:fs'
import path from 'node:path'
import { formatProblem, reportGroups, sortProblems } from '../src/manifest/problem.ts'
import { githubAnnotation, gitlabReport, jsonReport, parseValidateArgs, underGithubActions, type ValidateOptions } from '../src/manifest/report.ts'
import { keepCompiledValidatorsIn } from '../src/manifest/schemas.ts'
import { validateManifest } from '../src/manifest/validate.ts'
import { readBuildPlan } from '../src/manifest/buildPlan.ts'

// Started from its compiled copy (scripts/compiled.mjs): the schema validators are compiled once and kept there too.
const cacheDir = readBuildPlan().cacheDir
if (cacheDir) keepCompiledValidatorsIn(cacheDir)

let options: ValidateOptions
try {
  options = parseValidateArgs(process.argv.slice(2))
} catch (error) {
  console.error(`npm run validate: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}

const started = performance.now()
const { manifest, errors, warnings } = validateManifest()
// A report on standard output must stay parseable: the human lines go to stderr then.
const reportOnStdout = options.formato !== 'texto' && !options.salida
const say = reportOnStdout ? console.error : console.log
// Warnings first, errors last (next to the summary), each group under its count (reportGroups: a file's consequences follow its errors).
const groups = reportGroups(errors, warnings)
if (groups.warnings.length > 0) say(`${groups.warnings.length} aviso(s) (no impiden publicar):`)
for (const w of groups.warnings) say(formatProblem(w))
if (errors.length > 0)
  console.error(`${groups.warnings.length > 0 ? '\n' : ''}${errors.length} error(es) (impiden publicar; corríjalos y vuelva a ejecutar npm run validate):`)
for (const e of groups.errors) console.error(formatProblem(e))
if (underGithubActions()) for (const p of sortProblems([...errors, ...warnings])) say(githubAnnotation(p))
if (options.formato !== 'texto') {
  const problems = sortProblems([...errors, ...warnings])
  const report = options.formato === 'json' ? jsonReport(problems) : gitlabReport(problems)
  if (options.salida) {
    fs.mkdirSync(path.dirname(path.resolve(options.salida)), { recursive: true })
    fs.writeFileSync(options.salida, report)
    say(`Informe ${options.formato} escrito en ${options.salida}`)
  } else process.stdout.write(report)
}
const ms = Math.round(performance.now() - started)
const summary = `${manifest.pages.length} páginas, ${manifest.documents.reduce((n, d) => n + d.data.filas.length, 0)} documentos, ${manifest.forms.length} formularios, ${manifest.news.length} noticias revisados en ${ms} ms`
if (errors.length > 0) {
  console.error(`\n✗ ${errors.length} error(es), ${warnings.length} aviso(s). ${summary}.`)
  process.exit(1)
}
say(`✓ Manifiesto válido: ${warnings.length} aviso(s). ${summary}.`)
