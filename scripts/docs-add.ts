/**
 * `npm run docs:add -- <manifiesto de documentos> <año> <carpeta de PDF> [--categoria "Nombre"]`
 * Appends one row per PDF; staff then fix the titles and run `npm run validate`.
 */
import { addDocuments, StaffError } from '../src/manifest/addDocuments.ts'

const args = process.argv.slice(2)
const catIndex = args.indexOf('--categoria')
const categoria = catIndex >= 0 ? args[catIndex + 1] : undefined
const positional = catIndex >= 0 ? args.filter((_, i) => i !== catIndex && i !== catIndex + 1) : args
const [manifestFile, yearText, folder] = positional

if (!manifestFile || !yearText || !folder) {
  console.error('Uso: npm run docs:add -- manifest/documents/<lista>.yaml <año> public/assets/<carpeta> [--categoria "Nombre"]')
  process.exit(2)
}
try {
  const r = addDocuments(manifestFile, Number(yearText), folder, categoria)
  for (const x of r.renamed) console.log(`renombrado: «${x.from}» → «${x.to}»`)
  for (const x of r.added) console.log(`agregado: ${x.titulo}  (${x.archivo})`)
  for (const x of r.skipped) console.log(`ya estaba en la lista: ${x}`)
  console.log(`\n${r.added.length} fila(s) agregada(s) a ${manifestFile}. Revise los títulos (tildes, mayúsculas) y ejecute: npm run validate`)
} catch (e) {
  if (e instanceof StaffError) {
    console.error(`Error: ${e.message}`)
    process.exit(1)
  }
  throw e
}
