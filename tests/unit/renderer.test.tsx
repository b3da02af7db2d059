import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest, type Manifest } from '../../src/manifest/load.ts'
import type { Seccion } from '../../src/manifest/types.generated.ts'
import { buildPageData, breadcrumbFor } from '../../src/renderer/pageData.ts'
import { prepareSections } from '../../src/renderer/prepare.ts'
import type { SectionSample } from '../../src/renderer/sections/sample.ts'
import type { SectionType } from '../../src/renderer/types.ts'
import { SectionList } from '../../src/renderer/SectionList.tsx'

/** Every section module's rendering sample (src/renderer/sections/<tipo>/sample.ts). */
const SAMPLES = import.meta.glob<SectionSample<SectionType>>('../../src/renderer/sections/*/sample.ts', { eager: true, import: 'sample' })

let manifest: Manifest

const publicDirBefore = process.env.PUBLIC_DIR
beforeAll(() => {
  process.env.PUBLIC_DIR = path.resolve('tests/fixtures/public-min')
  manifest = loadManifest(path.resolve('tests/fixtures/manifest-min')).manifest
})
// The unit files share their process (isolate: false in vitest.config.ts): the next one sees the folder it expects.
afterAll(() => {
  if (publicDirBefore === undefined) delete process.env.PUBLIC_DIR
  else process.env.PUBLIC_DIR = publicDirBefore
})

function render(section: Seccion): HTMLElement {
  return parse(renderToStaticMarkup(<SectionList sections={prepareSections([section], manifest)} />))
}

describe('generic renderer', () => {
  for (const [file, sample] of Object.entries(SAMPLES)) {
    it(`renders a «${sample.section.tipo}» section (${path.basename(path.dirname(file))}/sample.ts)`, () => sample.check(render(sample.section), expect))
  }

  it('builds the breadcrumb from route labels and skips missing ancestors', () => {
    expect(breadcrumbFor(manifest, '/grupo/pagina')).toEqual([
      { label: 'Inicio', url: '/' },
      { label: 'Grupo', url: '/grupo' },
      { label: 'Página', url: '/grupo/pagina' },
    ])
  })

  it('page data carries the side menu and the redirect target', () => {
    expect(buildPageData(manifest, '/grupo/pagina').menuLateral?.titulo).toBe('Grupo')
    expect(buildPageData(manifest, '/grupo').redirigirA).toBe('/grupo/pagina')
  })
})
