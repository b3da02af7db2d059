/**
 * A platform site's build in a fresh checkout (no `src/generated/` yet: no single-site build, no `npm run generate`)
 * failed while Vike loaded its configuration: Vike transpiles every `+*.ts` file with an esbuild of its own, which
 * follows their imports of `src/generated/` as written (the per-site redirect is the bundler's only). The build
 * therefore writes an empty route list there when there is none (scripts/lib/generatedDir.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultGeneratedDir, ensureConfigTimeRoutes } from '../../scripts/lib/generatedDir.ts'
import { routeMatcher } from '../../src/renderer/routeMatcher.ts'

/** Every `+*.ts` file under src/pages (what Vike loads at configuration time). */
function vikeConfigFiles(dir = 'src/pages'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return vikeConfigFiles(full)
    return /^\+.*\.tsx?$/.test(e.name) ? [full] : []
  })
}

describe('the route list Vike reads while loading its configuration', () => {
  it('is written, empty, when the checkout has none, and an existing one is left as it is', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'generados-'))
    try {
      ensureConfigTimeRoutes(root)
      const file = path.join(defaultGeneratedDir(root), 'routes.json')
      const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as { contenido: string[]; interactivo: string[] }
      // What +route.ts does with it at configuration time: a matcher that matches nothing.
      expect(routeMatcher(routes.contenido)({ urlPathname: '/' } as never)).toBe(false)
      expect(routeMatcher(routes.interactivo)({ urlPathname: '/' } as never)).toBe(false)
      fs.writeFileSync(file, '{"contenido":["/"],"interactivo":[]}\n')
      ensureConfigTimeRoutes(root)
      expect(fs.readFileSync(file, 'utf8')).toBe('{"contenido":["/"],"interactivo":[]}\n')
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('is the only generated file a Vike configuration file imports (any other would be missing in a fresh checkout)', () => {
    const imported = new Set<string>()
    for (const file of vikeConfigFiles()) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from\s+['"]((?:\.\.?\/)+generated\/[^'"]+)['"]/g))
        imported.add(path.relative(defaultGeneratedDir(process.cwd()), path.resolve(path.dirname(file), m[1]!)))
    }
    expect([...imported]).toEqual(['routes.json'])
  })
})
