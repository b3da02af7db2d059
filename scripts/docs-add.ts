/**
 * `npm run docs:add -- <lista> <año> <carpeta de PDF> [--categoria "Nombre"]`
 * Adds one row per PDF where the list's order says, then tells staff, in
 * Spanish, what it did and on which page and panel citizens will see them.
 */
import path from 'node:path'
import { addDocuments, StaffError, type AddDocumentsResult } from '../src/manifest/addDocuments.ts'
import { loadManifest } from '../src/manifest/load.ts'
import type { SeccionDocumentos } from '../src/manifest/types.generated.ts'
import { initiallyOpen, panelsFor } from '../src/manifest/documentPanels.ts'
import { readCommandLine } from '../src/cli/commandLine.ts'

const USAGE = 'Uso: npm run docs:add -- manifest/documents/<lista>.yaml <año> public/assets/<carpeta> [--categoria "Nombre"]'
let categoria: string | undefined
let positional: string[] = []
try {
  const { values, positionals } = readCommandLine(process.argv.slice(2), { categoria: { type: 'string' } }, USAGE)
  categoria = values.categoria
  positional = positionals
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}
const [list, yearText, folder] = positional

if (!list || !yearText || !folder || positional.length > 3) {
  console.error(USAGE)
  process.exit(2)
}

/** Where the new rows show: every documents section of every page that uses the list. */
function whereShown(r: AddDocumentsResult, year: number): string[] {
  const { manifest } = loadManifest()
  const list = manifest.documents.find(d => path.resolve(d.source.file) === path.resolve(r.file))
  if (!list) return ['La lista tiene errores: ejecute npm run validate para verlos.']
  const added = new Set(r.added.map(a => a.archivo))
  const lines: string[] = []
  const visit = (value: unknown, page: (typeof manifest.pages)[number]) => {
    if (Array.isArray(value)) for (const v of value) visit(v, page)
    else if (value && typeof value === 'object') {
      const s = value as SeccionDocumentos
      if (s.tipo === 'documentos' && s.fuente === list.data.id) {
        const mine = list.data.filas.filter(f => f.archivo && added.has(f.archivo))
        const where = `${page.data.ruta} (${page.source.display})`
        if (s.vista === 'tabla' || s.vista === 'lista') {
          const shown = mine.filter(f => !s.categoria || f.categoria === s.categoria).length
          if (shown) lines.push(`Se verán en ${where}, en la ${s.vista === 'tabla' ? 'tabla' : 'lista'}${s.titulo ? ` «${s.titulo}»` : ''}.`)
        } else {
          const panels = panelsFor(s, list.data.filas)
          const open = initiallyOpen(s.abierto, panels)
          for (const p of panels.filter(x => x.rows.some(f => mine.includes(f)))) {
            const made = p.automatic ? 'panel nuevo, creado solo para ese año' : 'panel existente'
            const pos = panels.indexOf(p) === 0 ? 'arriba' : `en la posición ${panels.indexOf(p) + 1}`
            lines.push(`Se verán en ${where}: panel «${p.title}» (${made}, ${pos}, ${p.id === open ? 'abierto al cargar' : 'cerrado al cargar'}).`)
          }
        }
      }
      for (const v of Object.values(value)) visit(v, page)
    }
  }
  for (const page of manifest.pages) visit(page.data.secciones, page)
  if (lines.length === 0 && r.added.length > 0)
    lines.push(`Atención: ninguna página muestra todavía estas filas de ${year}. Ejecute npm run validate para ver por qué.`)
  return lines
}

try {
  const year = Number(yearText)
  const r = addDocuments(list, year, folder, categoria)
  const file = path.relative(process.cwd(), r.file).split(path.sep).join('/')
  for (const x of r.renamed) console.log(`Archivo renombrado: «${x.from}» → «${x.to}»`)
  for (const x of r.added) console.log(`Fila agregada: ${x.titulo}  (${x.archivo})`)
  for (const x of r.skipped) console.log(`Ya estaba en la lista: ${x}`)
  for (const x of r.notPdf) console.log(`No se agregó (no es un PDF): ${x}`)
  if (r.copiedCategoria) console.log(`Categoría copiada de las filas vecinas: «${r.copiedCategoria}» (cámbiela en la lista si no corresponde).`)
  if (r.categoryChoices)
    console.log(
      `Las filas vecinas usan varias categorías (${r.categoryChoices.map(c => `«${c}»`).join(', ')}): las filas nuevas quedaron sin categoría. Escríbala en cada una, o vuelva a agregar la carpeta con --categoria "…".`,
    )
  console.log(`\n${r.added.length} fila(s) agregada(s) a ${file}${r.insertedAt ? ` a partir de la fila ${r.insertedAt}, junto a las del mismo año` : ''}.`)
  for (const line of whereShown(r, year)) console.log(line)
  if (r.added.length > 0)
    console.log(
      '\nAhora: abra la lista, corrija los títulos (tildes, mayúsculas), escriba la «fecha» de cada documento (AAAA-MM-DD: ordena las filas) y ejecute: npm run validate',
    )
} catch (e) {
  if (e instanceof StaffError) {
    console.error(`Error: ${e.message}`)
    process.exit(1)
  }
  throw e
}
