/**
 * A hospital's own identity (src/manifest/siteIdentity.ts): the validator refuses colours that
 * fail WCAG 2.1 AA contrast with the text they carry, at the key, in Spanish; each site gets its own style sheet,
 * linked from its pages (built and server-written ones), with its logo in the header under the GOV.CO bar; a site
 * without `identidad` gets no style sheet, no link and no change. One small build (a platform site from
 * tests/fixtures/manifest-min), everything else from loaded manifests.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, it } from 'vitest'
import { loadManifest, type Manifest } from '../../src/manifest/load.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import { IDENTITY_HREF, identityStylesheet, identityStylesheetHref } from '../../src/manifest/siteIdentity.ts'
import { validateManifest } from '../../src/manifest/validate.ts'
import { generatedFiles } from '../../src/renderer/generatedFiles.ts'
import { Header } from '../../src/renderer/layout/Header.tsx'
import { layoutData } from '../../src/renderer/pageData.ts'
import { siteStylesheets } from '../../src/server/nativePages.ts'
import { editorConfig } from '../../scripts/lib/editorConfig.ts'
import { formatChecklist, sampleChecklist } from '../../scripts/lib/sampleChecklist.ts'
import { copyTemplate, SAMPLE_LOGO } from '../../scripts/lib/siteTemplate.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const SITE = fs.readFileSync('tests/fixtures/manifest-min/site.yaml', 'utf8')
const made: string[] = []

/** A copy of manifest-min (and public-min, plus a logo) with `identidad` appended to its site.yaml. */
function siteFolder(identidad: string | undefined, root = fs.mkdtempSync(path.join(os.tmpdir(), 'identidad-'))): string {
  made.push(root)
  fs.cpSync('tests/fixtures/manifest-min', path.join(root, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(root, 'public'), { recursive: true })
  if (identidad?.includes('logo.svg')) {
    fs.mkdirSync(path.join(root, 'public', 'assets', 'identidad'), { recursive: true })
    fs.writeFileSync(path.join(root, 'public', 'assets', 'identidad', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"/>\n')
  }
  if (identidad) fs.writeFileSync(path.join(root, 'manifest', 'site.yaml'), `${SITE}${identidad}`)
  return root
}

/** Runs `fn` with these environment variables, then puts back what was there (the worker is shared: docs/decisions/testing.md). */
function withEnv<T>(values: Record<string, string>, fn: () => T): T {
  const before = Object.fromEntries(Object.keys(values).map(k => [k, process.env[k]]))
  Object.assign(process.env, values)
  try {
    return fn()
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

function problemsOf(root: string): string[] {
  return withEnv({ MANIFEST_DIR: path.join(root, 'manifest'), PUBLIC_DIR: path.join(root, 'public') }, () =>
    validateManifest(path.join(root, 'manifest')).problems.map(formatProblem),
  )
}

function manifestOf(root: string): Manifest {
  return withEnv({ PUBLIC_DIR: path.join(root, 'public') }, () => {
    const manifest = loadManifest(path.join(root, 'manifest')).manifest
    // Kept per manifest, made here with this site's public/ (the logo's size is read from its file there).
    layoutData(manifest)
    return manifest
  })
}

const colours = (primario: string, fondoClaro?: string) =>
  `identidad:\n  logo: { url: /assets/identidad/logo.svg, textoAlternativo: Logo del hospital }\n  colores:\n    primario: "${primario}"\n${fondoClaro ? `    fondoClaro: "${fondoClaro}"\n` : ''}`

afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true })
})

describe('identity colours: the validator', () => {
  it('accepts colours that keep 4.5:1 with the text they carry', () => {
    expect(problemsOf(siteFolder(colours('#0b5394', '#e7eef6')))).toEqual([])
  })

  it('refuses a light background that fails with the primary colour as link text, at its key, with the ratio and the minimum', () => {
    // identidad starts on line 32 of the copy (manifest-min's site.yaml has 31 lines), its logo on 33.
    expect(SITE.split('\n').length - 1).toBe(31)
    expect(problemsOf(siteFolder(colours('#0b5394', '#8fb4dc')))).toEqual([
      'manifest/site.yaml:36:17: el color «fondoClaro» (#8fb4dc) tiene un contraste de 3,63:1 con el color «primario» (#0b5394), y WCAG 2.1 AA pide al menos 4,5:1 para texto normal: no se leerían bien los enlaces del menú principal (color «primario») sobre este fondo; use un color más claro',
    ])
  })

  it('refuses a primary colour just under 4.5:1 with white (never rounded up to a pass)', () => {
    // #777777 on white is 4.47:1, #767676 4.54:1: the classic near miss.
    expect(problemsOf(siteFolder(colours('#777777')))).toEqual([
      'manifest/site.yaml:35:15: el color «primario» (#777777) tiene un contraste de 4,47:1 con el blanco, y WCAG 2.1 AA pide al menos 4,5:1 para texto normal: no se leerían bien el texto blanco de la cabecera y de los botones sobre este color, ni los enlaces y títulos de este color sobre el fondo blanco de la página; use un color más oscuro',
    ])
    expect(problemsOf(siteFolder(colours('#767676')))).toEqual([])
  })

  it('a colour written without quotes (YAML reads «#…» as a comment) or without «#» gets a plain Spanish message', () => {
    const unquoted = siteFolder('identidad:\n  colores:\n    primario: #0b5394\n')
    expect(problemsOf(unquoted)).toEqual([
      'manifest/site.yaml:34:15: «primario» está vacío: escriba el color entre comillas, por ejemplo primario: "#0b5394" (sin comillas, «#» empieza un comentario)',
    ])
    expect(problemsOf(siteFolder('identidad:\n  colores:\n    primario: "0b5394"\n'))).toEqual([
      'manifest/site.yaml:34:15: el color «0b5394» debe escribirse en hexadecimal con seis cifras y entre comillas, por ejemplo "#0b5394"',
    ])
  })
})

describe('identity: style sheet, link and logo per site', () => {
  it('two sites with different colours get different style sheets, each linked by its own pages, with its logo under the GOV.CO bar', () => {
    const a = manifestOf(siteFolder(colours('#0b5394')))
    const b = manifestOf(siteFolder(colours('#8a1538', '#fbeff3')))
    const cssA = generatedFiles(a)['public/identidad.css']!
    const cssB = generatedFiles(b)['public/identidad.css']!
    expect(cssA).toContain('--pico-primary: #0b5394;')
    expect(cssA).toContain('--institucional: #0b5394;')
    expect(cssB).toContain('--pico-primary: #8a1538;')
    expect(cssB).toContain('--institucional-claro: #fbeff3;')
    expect(cssA).not.toContain('#8a1538')
    const hrefA = layoutData(a).identidad!.stylesheet
    const hrefB = layoutData(b).identidad!.stylesheet
    expect(hrefA).toBe(identityStylesheetHref(cssA))
    expect(hrefB).toBe(identityStylesheetHref(cssB))
    expect(hrefA).not.toBe(hrefB)
    for (const href of [hrefA, hrefB]) expect(href).toMatch(IDENTITY_HREF)

    const header = parse(renderToStaticMarkup(<Header layout={layoutData(a)} ruta="/" />))
    // The GOV.CO bar stays first; the hospital's logo is in the identity row under it, beside the name.
    expect(header.querySelector('.barra-superior')?.querySelector('.logo-govco')).not.toBeNull()
    const logo = header.querySelector('.identidad .marca.con-logo img.logo-hospital')
    expect(logo?.getAttribute('src')).toBe('/assets/identidad/logo.svg')
    expect(logo?.getAttribute('alt')).toBe('Logo del hospital')
    // The file's own size (its viewBox) reserves the logo's box before it loads.
    expect([logo?.getAttribute('width'), logo?.getAttribute('height')]).toEqual(['120', '40'])
    expect(header.innerHTML.indexOf('logo-govco')).toBeLessThan(header.innerHTML.indexOf('logo-hospital'))
  })

  it('a site without «identidad» gets no style sheet, no layout key and the header as before', () => {
    const plain = manifestOf(siteFolder(undefined))
    expect(Object.keys(generatedFiles(plain)).filter(f => f.includes('identidad'))).toEqual([])
    expect('identidad' in layoutData(plain)).toBe(false)
    const header = renderToStaticMarkup(<Header layout={layoutData(plain)} ruta="/" />)
    expect(header).toContain('<a href="/" class="marca"><strong>Prueba</strong><small>Hospital de prueba</small></a>')
    expect(header).not.toContain('logo-hospital')
  })

  it('a site built with «identidad» links its style sheet from every page, after the base sheets, and the server pages link it too', () => {
    const dir = path.resolve('test-results/identidad-compilacion')
    fs.rmSync(dir, { recursive: true, force: true })
    siteFolder(colours('#8a1538'), path.join(dir, 'sitios', 'a'))
    made.pop() // kept under test-results for a look after a failure
    fs.writeFileSync(path.join(dir, 'plataforma.yaml'), 'sitios:\n  - id: a\n    nombre: E.S.E. Hospital A\n    dominios: [a.example.gov.co]\n')
    const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: path.join(dir, 'plataforma.yaml') }
    // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
    for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_PLAN_COMPILACION', 'PROJECT_ROOT', 'PRERENDER_PROCESSES', 'NODE_ENV']) delete env[k]
    const r = spawnSync(process.execPath, compiledNodeArgs('scripts/build.ts', ['--sitio', 'a']), { env, encoding: 'utf8' })
    expect(r.status, r.stdout + r.stderr).toBe(0)

    const client = path.join(dir, 'dist', 'sitios', 'a', 'client')
    const css = fs.readFileSync(path.join(client, 'identidad.css'), 'utf8')
    expect(css).toBe(
      identityStylesheet({ logo: { url: '/assets/identidad/logo.svg', textoAlternativo: 'Logo del hospital' }, colores: { primario: '#8a1538' } }),
    )
    const href = identityStylesheetHref(css)
    const pages = (fs.readdirSync(client, { recursive: true }) as string[]).filter(f => f.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(2)
    for (const f of pages) {
      const html = fs.readFileSync(path.join(client, f), 'utf8')
      const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(m => m[1])
      // Last, so its rules win over Pico's and the site's at the same specificity.
      expect(sheets.at(-1), f).toBe(href)
      expect(
        sheets.filter(s => s === href),
        f,
      ).toHaveLength(1)
      expect(html, f).toContain('<meta name="theme-color" content="#8a1538"/>')
      expect(html, f).toMatch(/class="logo-hospital" src="\/assets\/identidad\/logo\.svg" alt="[^"]+" width="120" height="40"/)
    }
    // Pages the server writes itself (answers without script, the office) take the home page's sheets.
    expect(siteStylesheets(client).at(-1)).toBe(href)
  }, 600_000)
})

describe('identity in npm run sitio -- crear', () => {
  it('the new site gets the colours given (quoted) and a sample logo the checklist lists with its file; it validates', () => {
    const template = siteFolder(undefined)
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'identidad-sitio-')), 'nuevo')
    made.push(path.dirname(folder))
    copyTemplate(template, folder, {
      nombre: 'E.S.E. Hospital Nuevo',
      nombreCorto: 'Hospital Nuevo',
      municipio: 'Guaduas',
      departamento: 'Cundinamarca',
      dominio: 'nuevo.example.gov.co',
      colores: { primario: '#8A1538', fondoClaro: '#fbeff3' },
    })
    const text = fs.readFileSync(path.join(folder, 'manifest', 'site.yaml'), 'utf8')
    expect(text).toContain('primario: "#8a1538"')
    expect(text).toContain('fondoClaro: "#fbeff3"')
    expect(fs.existsSync(path.join(folder, 'public', ...SAMPLE_LOGO.split('/').filter(Boolean)))).toBe(true)
    expect(problemsOf(folder)).toEqual([])
    expect(layoutData(manifestOf(folder)).identidad?.logo).toEqual({ url: SAMPLE_LOGO, textoAlternativo: 'Logo de Hospital Nuevo', muestra: true })

    const logoItem = sampleChecklist(folder).find(i => i.key === 'identidad.logo')
    expect(logoItem).toMatchObject({ file: 'manifest/site.yaml', archivos: [`public${SAMPLE_LOGO}`], kind: 'sitio' })
    expect(text.split('\n')[logoItem!.line - 1]).toMatch(/^\s+muestra: true$/)
    const lines = formatChecklist(sampleChecklist(folder), 'sitios/nuevo')
    const at = lines.findIndex(l => l.includes('clave identidad.logo'))
    expect(lines[at + 1]).toBe(`        archivo: sitios/nuevo/public${SAMPLE_LOGO}`)
  })

  it('refuses a colour that fails AA before anything is written, in Spanish, with the ratio and the minimum', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identidad-crear-'))
    made.push(dir)
    const platform = path.join(dir, 'plataforma.yaml')
    const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platform }
    for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'DATA_DIR', 'DATABASE_URL', 'NODE_ENV']) delete env[k]
    const args = ['crear', 'nuevo', '--nombre', 'E.S.E. Hospital Nuevo', '--municipio', 'Guaduas', '--departamento', 'Cundinamarca']
    const r = spawnSync(
      process.execPath,
      compiledNodeArgs('scripts/sitio.ts', [...args, '--dominio', 'nuevo.example.gov.co', '--admin', 'a@nuevo.example.gov.co', '--color-primario', '#7fb3e0']),
      { env, encoding: 'utf8', input: '' },
    )
    expect(r.status).toBe(2)
    expect(r.stderr).toContain(
      '✗ --color-primario «#7fb3e0» tiene un contraste de 2,22:1 con el blanco; WCAG 2.1 AA pide al menos 4,5:1: no se leerían bien el texto blanco de la cabecera y de los botones sobre este color, ni los enlaces y títulos de este color sobre el fondo blanco de la página. Use un color más oscuro. No se cambió nada.',
    )
    expect(fs.readdirSync(dir)).toEqual([])
  })
})

describe('identity in the browser editor', () => {
  it('the colours get the colour picker (typing allowed), the logo a file field', () => {
    type F = { name: string; widget: string; fields?: F[]; allowInput?: boolean }
    const config = editorConfig({ root: process.cwd(), localBackendUrl: 'http://127.0.0.1:8081/api/v1' }) as {
      collections: Array<{ name: string; files: Array<{ fields: F[] }> }>
    }
    const site = config.collections.find(c => c.name === 'sitio')!.files[0]!.fields
    const identidad = site.find(f => f.name === 'identidad')!.fields!
    const colores = identidad.find(f => f.name === 'colores')!.fields!
    expect(colores.map(f => [f.name, f.widget, f.allowInput])).toEqual([
      ['primario', 'color', true],
      ['fondoClaro', 'color', true],
    ])
    expect(identidad.find(f => f.name === 'logo')!.fields!.find(f => f.name === 'url')!.widget).toBe('file')
  })
})
