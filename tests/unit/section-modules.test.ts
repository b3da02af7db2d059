import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sectionComponents } from '../../src/renderer/sections/components.ts'
import { sectionModules } from '../../src/renderer/sections/registry.ts'
import type { SectionModule } from '../../src/renderer/sections/module.ts'
import type { SectionType } from '../../src/renderer/types.ts'

/**
 * A section type is one folder, src/renderer/sections/<tipo>/: index.ts (the
 * module: component, interactivity, preparer, search text), the component,
 * sample.ts (its rendering sample) and, when it has styles of its own,
 * styles.css. This test fails when a folder lacks a declared part.
 */
const SECTIONS_DIR = path.resolve('src/renderer/sections')
const schema = JSON.parse(fs.readFileSync('schemas/page.schema.json', 'utf8'))
const schemaTypes: string[] = (schema.$defs.seccion.oneOf as Array<{ $ref: string }>).map(
  r => schema.$defs[r.$ref.split('/').pop()!].properties.tipo.const as string,
)
const folders = fs
  .readdirSync(SECTIONS_DIR, { withFileTypes: true })
  .filter(e => e.isDirectory())
  .map(e => e.name)
const modules = sectionModules as unknown as Record<string, SectionModule<SectionType>>

/** What makes a component need React in the browser: state, effects or event handlers. */
const NEEDS_REACT = /\b(useState|useEffect|useLayoutEffect|useReducer|useRef|on(Click|Change|Submit|Input|KeyDown|Toggle)=)/

/** The renderer files a component reaches through relative imports (its own code and the shared parts it uses). */
function reachableFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen
  seen.add(entry)
  const text = fs.readFileSync(entry, 'utf8')
  for (const m of text.matchAll(/^import\s+(?!type\b)[^'"]*['"](\.[^'"]+\.tsx?)['"]/gm)) {
    const target = path.resolve(path.dirname(entry), m[1]!)
    // Nested sections come through context; their own modules declare their own interactivity.
    if (target.startsWith(path.resolve('src/renderer')) && !target.endsWith('sectionContext.ts')) reachableFiles(target, seen)
  }
  return seen
}

describe('section modules', () => {
  it('one folder and one registered module per section type of the schema, and nothing else', () => {
    expect([...folders].sort()).toEqual([...schemaTypes].sort())
    expect(Object.keys(sectionModules).sort()).toEqual([...schemaTypes].sort())
  })

  for (const tipo of folders) {
    describe(tipo, () => {
      const dir = path.join(SECTIONS_DIR, tipo)
      const files = fs.readdirSync(dir)
      const mod = modules[tipo]

      it('has index.ts declaring its tipo, component and interactivity', async () => {
        expect(files).toContain('index.ts')
        const declared = ((await import(/* @vite-ignore */ path.join(dir, 'index.ts'))) as { default: SectionModule<SectionType> }).default
        expect(declared).toBe(mod)
        expect(declared.tipo).toBe(tipo)
        expect(typeof declared.Component).toBe('function')
        expect(typeof declared.interactive).toBe('boolean')
        for (const key of Object.keys(declared)) expect(['tipo', 'Component', 'interactive', 'prepare', 'searchText']).toContain(key)
      })

      it('has its component in its own folder', () => {
        const component = `${mod!.Component.name}.tsx`
        expect(files).toContain(component)
      })

      it("is hydrated in the browser with its module's component (the components-only map)", () => {
        expect((sectionComponents as Record<string, unknown>)[tipo]).toBe(mod!.Component)
      })

      it('has a rendering sample of its own type', async () => {
        expect(files).toContain('sample.ts')
        const { sample } = (await import(/* @vite-ignore */ path.join(dir, 'sample.ts'))) as { sample: { section: { tipo: string }; check: unknown } }
        expect(sample.section.tipo).toBe(tipo)
        expect(typeof sample.check).toBe('function')
      })

      it('declares interactive exactly when its component needs React in the browser', () => {
        const component = path.join(dir, `${mod!.Component.name}.tsx`)
        const needsReact = [...reachableFiles(component)].filter(f => NEEDS_REACT.test(fs.readFileSync(f, 'utf8'))).map(f => path.relative(SECTIONS_DIR, f))
        expect({ tipo, interactive: mod!.interactive, needsReact: needsReact.length > 0 ? needsReact : 'nothing' }).toEqual({
          tipo,
          interactive: needsReact.length > 0,
          needsReact: mod!.interactive ? expect.any(Array) : 'nothing',
        })
      })

      it('holds only its declared parts', () => {
        const allowed = new Set(['index.ts', 'sample.ts', 'prepare.ts', 'styles.css', `${mod!.Component.name}.tsx`])
        expect(files.filter(f => !allowed.has(f))).toEqual([])
        if (files.includes('prepare.ts')) expect(typeof mod!.prepare).toBe('function')
      })
    })
  }

  it('every styles.css of a section folder reaches the page through the layout, after the global sheets', () => {
    const gather = fs.readFileSync('src/renderer/styles/sectionStyles.ts', 'utf8')
    expect(gather).toContain("import.meta.glob('../sections/*/styles.css', { eager: true })")
    const imports = [...fs.readFileSync('src/pages/+Layout.tsx', 'utf8').matchAll(/^import '([^']+)'/gm)].map(m => m[1])
    expect(imports).toEqual([
      '@picocss/pico/css/pico.min.css',
      '../renderer/styles/site.css',
      '../renderer/styles/forms.css',
      '../renderer/styles/interactive.css',
      '../renderer/styles/sectionStyles.ts',
    ])
  })

  it("a section's own classes are styled in its folder, not in the global sheets", () => {
    const globalSheets = ['site.css', 'forms.css', 'interactive.css'].map(f =>
      fs.readFileSync(path.join('src/renderer/styles', f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
    )
    const classesOf = (dir: string) =>
      new Set(
        fs
          .readdirSync(dir)
          .filter(f => f.endsWith('.tsx'))
          .flatMap(f => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/className=(?:"([^"]+)"|\{`([^`]+)`\})/g)])
          .flatMap(m => (m[1] ?? m[2] ?? '').split(/\s+/))
          .filter(c => /^[a-z][a-z-]*$/.test(c)),
      )
    const byFolder = new Map(folders.map(tipo => [tipo, classesOf(path.join(SECTIONS_DIR, tipo))]))
    // Classes of shared components and of other sections are not one section's own.
    const shared = new Set([
      ...classesOf('src/renderer/components'),
      ...classesOf('src/renderer/forms-ui'),
      ...classesOf('src/renderer/layout'),
      ...classesOf('src/renderer/header'),
    ])
    const misplaced: string[] = []
    for (const [tipo, classes] of byFolder) {
      for (const c of classes) {
        if (shared.has(c) || [...byFolder].some(([other, cs]) => other !== tipo && cs.has(c))) continue
        if (globalSheets.some(css => new RegExp(`\\.${c}(?![\\w-])`).test(css))) misplaced.push(`${tipo}: .${c}`)
      }
    }
    expect(misplaced).toEqual([])
  })
})
