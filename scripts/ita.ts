/**
 * `npm run ita [-- --salida <carpeta>]`: the ITA evidence matrix (src/manifest/itaMatrix.ts) as
 * matriz-ita.csv and matriz-ita.json in the folder given (the current one by default), from the
 * validated manifest; it names the pending items. The build publishes the same files under /ita/.
 */
import fs from 'node:fs'
import path from 'node:path'
import { itaCsv, itaJson, itaMatrix, pendingSummary } from '../src/manifest/itaMatrix.ts'
import { formatProblem } from '../src/manifest/problem.ts'
import { validateManifest } from '../src/manifest/validate.ts'
import { readCommandLine } from '../src/cli/commandLine.ts'

const USAGE = 'Uso: npm run ita -- [--salida <carpeta>]'
let salida: string | undefined
try {
  const { values, positionals } = readCommandLine(process.argv.slice(2), { salida: { type: 'string' } }, USAGE)
  if (positionals.length > 0 || values.salida === '') throw new Error(USAGE)
  salida = values.salida
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}
const dir = path.resolve(salida ?? '.')
const { manifest, errors } = validateManifest()
if (errors.length > 0) {
  for (const e of errors) console.error(formatProblem(e))
  console.error(`\n✗ ${errors.length} error(es) en el manifiesto: corríjalos (npm run validate) antes de exportar la matriz.`)
  process.exit(1)
}
const rows = itaMatrix(manifest)
fs.mkdirSync(dir, { recursive: true })
fs.writeFileSync(path.join(dir, 'matriz-ita.csv'), itaCsv(rows))
fs.writeFileSync(path.join(dir, 'matriz-ita.json'), itaJson(manifest, rows))
const count = (estado: string) => rows.filter(r => r.estado === estado).length
console.log(`Matriz ITA: ${rows.length} ítems (${count('publicado')} publicados, ${count('no aplica')} no aplican, ${count('pendiente')} pendientes).`)
console.log(`  ${path.join(dir, 'matriz-ita.csv')}\n  ${path.join(dir, 'matriz-ita.json')}`)
for (const line of pendingSummary(manifest)) console.log(line)
