import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Small modules ("Done when"): a newcomer reads a server file or a
 * function in one sitting. No file in src/server over 300 lines, none of the
 * office's over 200, and no function in src/server, src/build or scripts whose body is
 * over 60 lines. Function bodies are measured with the TypeScript compiler's
 * parser, so a nested callback counts inside its parent too: a 70-line route
 * handler makes both too long.
 */
const FILE_MAX = 300
const OFFICE_FILE_MAX = 200
const OFFICE = [/^src\/server\/office\//, /^src\/server\/features\/office\//]
const FUNCTION_MAX = 60

/**
 * Functions over the limit not split yet, in the build and scripts/ (the server has none left: docs/decisions/testing.md). The list may only
 * shrink: an entry that is no longer over its limit fails the test.
 * Keys: a file path (file size) or `path#function` (function body).
 */
const NOT_SPLIT_YET: Record<string, string> = {
  // The build (docs/decisions/testing.md).
  'src/build/buildSite.ts#buildSite': 'build',
  // The records staff's editor (docs/decisions/testing.md).
  'scripts/lib/decapBackend.ts#startDecapBackend': 'editor',
  'scripts/lib/editorConfig.ts#fieldFor': 'editor',
  'scripts/lib/editorConfig.ts#editorConfig': 'editor',
  'scripts/lib/editorServer.ts#startEditor': 'editor',
  'scripts/lib/editorServer.ts#callback of http.createServer': 'editor',
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(e.name) ? [full.split(path.sep).join('/')] : []
  })
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** The name a reader would search for: the function's own, its variable's, its property's, or what it is passed to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source)
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(source)}`
  return 'anonymous function'
}

/** `path#name (N lines)` for every function of the text whose body is over `max` lines. */
export function longFunctions(file: string, text: string, max = FUNCTION_MAX): { key: string; lines: number }[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found: { key: string; lines: number }[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node
      const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(body.getEnd()).line
      const lines = last - first + 1
      if (lines > max) found.push({ key: `${file}#${nameOf(node as ts.FunctionLikeDeclaration, source)}`, lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every file or function over its limit, as `key: N lines`, leaving out the listed exceptions; plus stale exceptions. */
export function oversized(files: Record<string, string>, exceptions: Record<string, string> = NOT_SPLIT_YET): string[] {
  const over = new Map<string, number>()
  for (const [file, text] of Object.entries(files)) {
    if (file.startsWith('src/server/')) {
      const max = OFFICE.some(re => re.test(file)) ? OFFICE_FILE_MAX : FILE_MAX
      const lines = lineCount(text)
      if (lines > max) over.set(file, lines)
    }
    for (const { key, lines } of longFunctions(file, text)) over.set(key, lines)
  }
  const out = [...over].filter(([key]) => !(key in exceptions)).map(([key, lines]) => `${key}: ${lines} lines`)
  for (const key of Object.keys(exceptions)) if (!over.has(key)) out.push(`${key}: within the limit now (remove it from the exceptions)`)
  return out
}

describe('code size', () => {
  const files = Object.fromEntries(
    [...sourceFiles('src/server'), ...sourceFiles('src/build'), ...sourceFiles('scripts')].map(f => [f, fs.readFileSync(f, 'utf8')]),
  )

  it('reads the server and the scripts', () => expect(Object.keys(files).length).toBeGreaterThan(100))

  it('no server file over 300 lines (office 200), no function over 60', () => expect(oversized(files)).toEqual([]))

  it('catches a planted long file, office file and function, and counts a nested callback in its parent', () => {
    const line = 'export const x = 1\n'
    const handler = `app.get('/', async () => {\n${'  work()\n'.repeat(FUNCTION_MAX - 1)}})\n`
    const planted = {
      'src/server/planted.ts': line.repeat(FILE_MAX + 1),
      'src/server/features/office/planted.ts': line.repeat(OFFICE_FILE_MAX + 1),
      'src/server/fits.ts': line.repeat(FILE_MAX),
      'scripts/plugin.ts': `export async function plugin(app) {\n${handler}}\n`,
    }
    expect(oversized(planted, {})).toEqual([
      'src/server/planted.ts: 301 lines',
      'src/server/features/office/planted.ts: 201 lines',
      'scripts/plugin.ts#plugin: 63 lines',
      'scripts/plugin.ts#callback of app.get: 61 lines',
    ])
  })
})
