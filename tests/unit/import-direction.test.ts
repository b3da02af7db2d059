import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Layers point one way (README, "Layers"): a folder may import its own files
 * and the folders of lower layers, never a folder of its own layer or above.
 * Imports are read with the TypeScript compiler's parser (static, re-export
 * and dynamic imports), so a planted upward import fails this test.
 */
export const LAYERS: Record<string, number> = {
  'src/manifest': 0,
  // Below the ground: reading a command's options (Node's util.parseArgs with Spanish refusals), for every command,
  // among them the validator's in src/manifest. It imports nothing of the project.
  'src/cli': -1,
  'src/generated': 0,
  'src/news': 1,
  'src/forms': 1,
  'src/filings': 1,
  'src/search': 2,
  // React components both the renderer and the server render (the server with renderToStaticMarkup).
  'src/views': 3,
  'src/renderer': 4,
  'src/server': 4,
  'src/pages': 5,
  // The build: validation, generated files, bundles, pre-render (the staff commands and the platform run it).
  'src/build': 5,
  scripts: 6,
  bench: 7,
}

const ROOT = path.resolve('.')

interface Edge {
  from: string
  to: string
  typeOnly: boolean
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(e.name) ? [full] : []
  })
}

/** The relative imports of one file, resolved to project paths. */
export function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const edges: Edge[] = []
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return
    edges.push({ from: path.relative(ROOT, file), to: path.relative(ROOT, path.resolve(path.dirname(file), spec)), typeOnly })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every(e => e.isTypeOnly)))
      add(node.moduleSpecifier.text, typeOnly)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return edges
}

export function layerOf(file: string): string | undefined {
  const norm = file.split(path.sep).join('/')
  return Object.keys(LAYERS)
    .filter(l => norm === l || norm.startsWith(l + '/'))
    .sort((a, b) => b.length - a.length)[0]
}

/** Imports that go up or sideways between layers. */
export function wrongWayImports(edges: Edge[]): string[] {
  const out: string[] = []
  for (const e of edges) {
    const from = layerOf(e.from)
    const to = layerOf(e.to)
    if (!from || !to || from === to) continue
    if (LAYERS[to]! >= LAYERS[from]!) out.push(`${e.from} → ${e.to} (${from} may not import ${to})`)
  }
  return out
}

/**
 * Import cycles: runtime ones (type-only imports are erased and create none),
 * or, with `withTypes`, every circle a reader meets (two files that
 * import each other, even for a type, are one module cut in two).
 */
export function cycles(edges: Edge[], withTypes = false): string[][] {
  const graph = new Map<string, string[]>()
  for (const e of edges) if (withTypes || !e.typeOnly) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to])
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (n: string) => {
    state.set(n, 'open')
    stack.push(n)
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') found.push([...stack.slice(stack.indexOf(m)), m])
      else if (!state.has(m)) visit(m)
    }
    stack.pop()
    state.set(n, 'done')
  }
  for (const n of graph.keys()) if (!state.has(n)) visit(n)
  return found
}

const files = Object.keys(LAYERS).flatMap(l => sourceFiles(path.join(ROOT, l)))
const edges = files.flatMap(f => importsOf(f))

describe('import direction', () => {
  it('reads the imports of every layer', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(edges.some(e => e.from.startsWith('src/renderer/') && e.to.startsWith('src/manifest/'))).toBe(true)
  })

  it('no import runs up or sideways between layers', () => expect(wrongWayImports(edges)).toEqual([]))

  it('no runtime import cycle', () => expect(cycles(edges)).toEqual([]))

  it('no import circle, type-only imports included (a shared type lives in its own module)', () => expect(cycles(edges, true)).toEqual([]))

  it('catches a planted circle made of a type-only import', () => {
    const planted = [
      ...importsOf(path.join(ROOT, 'src/server/x.ts'), "import { y } from './y.ts'\n"),
      ...importsOf(path.join(ROOT, 'src/server/y.ts'), "import type { X } from './x.ts'\n"),
    ]
    expect(cycles(planted)).toEqual([])
    expect(cycles(planted, true)).toEqual([['src/server/x.ts', 'src/server/y.ts', 'src/server/x.ts']])
  })

  it('catches a planted upward import, a dynamic one and a sideways one', () => {
    const planted = [
      ...importsOf(path.join(ROOT, 'src/manifest/x.ts'), "import { isInteractivePage } from '../renderer/interactivity.ts'\n"),
      ...importsOf(path.join(ROOT, 'src/forms/x.ts'), "const m = await import('../search/search.ts')\n"),
      ...importsOf(path.join(ROOT, 'src/server/x.ts'), "export { sectionsText } from '../renderer/searchText.ts'\n"),
      ...importsOf(path.join(ROOT, 'src/views/x.tsx'), "import { Heading } from '../renderer/components/Heading.tsx'\n"),
      ...importsOf(path.join(ROOT, 'src/views/y.tsx'), "import { MSG } from '../server/messages.ts'\n"),
    ]
    expect(wrongWayImports(planted)).toHaveLength(5)
  })
})

/**
 * Inside the server (docs/decisions/testing.md): each feature of src/server/features/<feature>/
 * is a plugin that app.ts registers; another feature may import only its entry
 * module (index.ts, what it deliberately exports), never its other files (the
 * server's commands, such as backupCommand.ts, may use a feature's modules); the shared
 * HTTP kit (src/server/http/) sits below every feature and imports none of the
 * server's other folders but the store.
 */
const FEATURES = 'src/server/features/'
const HTTP_KIT = 'src/server/http/'

function posix(file: string): string {
  return file.split(path.sep).join('/')
}

function featureOf(file: string): string | undefined {
  const p = posix(file)
  return p.startsWith(FEATURES) ? p.slice(FEATURES.length).split('/')[0] : undefined
}

export function featureViolations(all: Edge[]): string[] {
  const out: string[] = []
  for (const e of all) {
    const from = posix(e.from)
    const to = posix(e.to)
    const source = featureOf(from)
    const target = featureOf(to)
    if (target && source && source !== target && !/\/index\.tsx?$/.test(to))
      out.push(`${from} → ${to} (a feature imports another feature's internals, not its index.ts)`)
    if (from.startsWith(HTTP_KIT) && to.startsWith('src/server/') && !to.startsWith(HTTP_KIT) && !to.startsWith('src/server/store/')) {
      out.push(`${from} → ${to} (the HTTP kit sits below the features)`)
    }
  }
  return out
}

describe('server features', () => {
  it('reads the features', () => expect(edges.some(e => featureOf(e.from) === 'office')).toBe(true))

  it("no feature imports another one's internals; the HTTP kit imports no feature", () => expect(featureViolations(edges)).toEqual([]))

  it("catches a planted import of a feature's internals from another feature, and of the server or a feature from the kit", () => {
    const planted = [
      ...importsOf(path.join(ROOT, 'src/server/features/office/x.ts'), "import { staticFiles } from '../content/staticFiles.ts'\n"),
      ...importsOf(path.join(ROOT, 'src/server/security.ts'), "import { officePlugin } from './features/office/index.ts'\n"),
      ...importsOf(path.join(ROOT, 'src/server/http/x.ts'), "import type { NativeFormPages } from '../nativePages.ts'\n"),
      ...importsOf(path.join(ROOT, 'src/server/http/y.ts'), "import { officePlugin } from '../features/office/index.ts'\n"),
      ...importsOf(
        path.join(ROOT, 'src/server/features/office/y.ts'),
        "import type { Office } from '../office/officeContext.ts'\nimport { contentPlugin } from '../content/index.ts'\n",
      ),
    ]
    expect(featureViolations(planted)).toHaveLength(3)
  })
})
