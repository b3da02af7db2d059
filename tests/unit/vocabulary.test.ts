import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * One vocabulary (docs/decisions/testing.md): English grammar for code; the Spanish
 * words that may appear in identifiers are the ones docs/glosario.md lists
 * (domain nouns, and the manifest keys, columns and API fields code mirrors).
 *
 * Every identifier of src/ and scripts/ (declarations, properties, JSX
 * attributes, file and folder names), read with the TypeScript compiler's
 * parser and split at camelCase, snake_case and kebab-case, gives words. A
 * word that is Spanish and not English — found in a list of Spanish words and
 * missing from a list of English ones (the `words` project's two lists,
 * accents folded) — must appear in the glossary, in a `code` span of it. So
 * `useMovimientoReducido` fails until it is `useReducedMotion` or the
 * glossary gives `movimiento` and `reducido` a meaning. Words spelled the same
 * in both languages (`total`, `local`, `campo`) cannot be told apart and pass.
 */
const require = createRequire(import.meta.url)
const fold = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Words of programming missing from the English list that the Spanish one happens to hold. */
const TECHNICAL = ['ansi', 'api', 'helvetica', 'iterable', 'pino', 'val']

// Most of the 636,000 words are plain ASCII: folding only the others keeps the test quick.
const SPANISH = new Set((require('an-array-of-spanish-words') as string[]).map(w => (/^[a-z]+$/.test(w) ? w : fold(w))))
const ENGLISH = new Set([...(require('an-array-of-english-words') as string[]), ...TECHNICAL])

/** `useMovimientoReducido` → use, movimiento, reducido; `RESPALDO_DESTINO` → respaldo, destino. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z\u00c0-\u017f]+/)
    .filter(Boolean)
    .map(fold)
}

const isSpanishOnly = (word: string) => word.length > 2 && SPANISH.has(word) && !ENGLISH.has(word)

/** Listed as written or as its singular (`constancias`, `radicaciones` under `constancia`, `radicacion`). */
const listed = (word: string, glossary: Set<string>) =>
  glossary.has(word) || (word.endsWith('s') && glossary.has(word.slice(0, -1))) || (word.endsWith('es') && glossary.has(word.slice(0, -2)))

/** Every word inside a `code` span of the glossary. */
export function glossaryWords(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/`([^`]+)`/g)].flatMap(m => wordsOf(m[1]!)))
}

/** Each identifier of a source text, and the file's own name. */
function identifiers(file: string, text: string): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const found = [...file.split('/')]
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) found.push(node.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Spanish word → the first identifier using it, for the words the glossary does not list. */
export function unlistedSpanish(files: Record<string, string>, glossary: Set<string>): Map<string, string> {
  const unlisted = new Map<string, string>()
  for (const [file, text] of Object.entries(files)) {
    for (const id of identifiers(file, text)) {
      for (const word of wordsOf(id)) if (isSpanishOnly(word) && !listed(word, glossary) && !unlisted.has(word)) unlisted.set(word, `${file}: ${id}`)
    }
  }
  return unlisted
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(full)
    return /\.(tsx?|mjs)$/.test(e.name) ? [full.split(path.sep).join('/')] : []
  })
}

describe('vocabulary', () => {
  const glossary = glossaryWords(fs.readFileSync('docs/glosario.md', 'utf8'))
  const files = Object.fromEntries([...sourceFiles('src'), ...sourceFiles('scripts')].map(f => [f, fs.readFileSync(f, 'utf8')]))

  it('reads the code and the glossary', () => {
    expect(Object.keys(files).length).toBeGreaterThan(300)
    expect(glossary).toContain('radicado')
  })

  it('every Spanish word in an identifier of src/ and scripts/ is in docs/glosario.md', () => {
    const unlisted = [...unlistedSpanish(files, glossary)].map(([word, where]) => `${word} (${where})`)
    expect(unlisted).toEqual([])
  })

  it('catches a Spanish word the glossary does not list, in a name, a property or a file name, and passes English and glossary words', () => {
    const planted = {
      'src/renderer/sections/carrusel/motion.ts': 'export function useMovimientoReducido(radicado: string) { return { rotacionElegida: radicado } }',
      'src/server/salidaLimpia.ts': 'export const reducedMotion = 1',
    }
    expect([...unlistedSpanish(planted, new Set(['radicado', 'carrusel']))].map(([word]) => word)).toEqual([
      'movimiento',
      'reducido',
      'rotacion',
      'elegida',
      'salida',
      'limpia',
    ])
  })
})
