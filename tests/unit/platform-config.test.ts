/**
 * Sites as data (src/manifest/platform.ts): plataforma.yaml lists the sites; its mistakes are told
 * in Spanish at their line and column, as the manifests' are; without the file the installation is one site.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = path.resolve('test-results/plataforma-configuracion')
const file = path.join(dir, 'plataforma.yaml')
const shown = 'test-results/plataforma-configuracion/plataforma.yaml'

function problems(yaml: string): string[] {
  fs.writeFileSync(file, yaml)
  const r = loadPlatform(file)
  expect(r.platform).toBeUndefined()
  return r.problems.map(formatProblem)
}

const GOOD = `sitios:
  - id: san-juan
    nombre: E.S.E. Hospital San Juan
    dominios: [www.hospitalsanjuan.gov.co, hospitalsanjuan.gov.co]
  - id: la-paz
    nombre: E.S.E. Hospital La Paz
    dominios:
      - www.hospitallapaz.gov.co
    carpeta: contenido/la-paz
`

beforeAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, 'sitios', 'san-juan', 'manifest'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'contenido', 'la-paz', 'manifest'), { recursive: true })
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('plataforma.yaml', () => {
  it('without it there is no platform and nothing to report (one site, as always)', () => {
    expect(loadPlatform(path.join(dir, 'no-existe.yaml'))).toEqual({ problems: [] })
  })

  it('lists each site with its domains, its content folder (sitios/<id> unless «carpeta» says) and its own output', () => {
    fs.writeFileSync(file, GOOD)
    const { platform, problems } = loadPlatform(file)
    expect(problems).toEqual([])
    expect(
      platform!.sites.map(s => [s.id, s.dominios, path.relative(dir, s.manifestDir), path.relative(dir, s.publicDir), path.relative(dir, s.outDir)]),
    ).toEqual([
      [
        'san-juan',
        ['www.hospitalsanjuan.gov.co', 'hospitalsanjuan.gov.co'],
        path.join('sitios/san-juan/manifest'),
        path.join('sitios/san-juan/public'),
        path.join('dist/sitios/san-juan'),
      ],
      ['la-paz', ['www.hospitallapaz.gov.co'], path.join('contenido/la-paz/manifest'), path.join('contenido/la-paz/public'), path.join('dist/sitios/la-paz')],
    ])
  })

  it('gives each site its own publications and data folders, under PUBLICACIONES_DIR and DATA_DIR when set', () => {
    fs.writeFileSync(file, GOOD)
    const folders = () => loadPlatform(file).platform!.sites.map(s => [path.relative(dir, s.releasesDir), path.relative(dir, s.dataDir)])
    const saved = { p: process.env.PUBLICACIONES_DIR, d: process.env.DATA_DIR }
    try {
      delete process.env.PUBLICACIONES_DIR
      delete process.env.DATA_DIR
      expect(folders()[0]).toEqual([path.join('publicaciones/sitios/san-juan'), path.join('data/sitios/san-juan')])
      process.env.PUBLICACIONES_DIR = path.join(dir, 'pub')
      process.env.DATA_DIR = path.join(dir, 'datos')
      expect(folders()).toEqual([
        [path.join('pub/sitios/san-juan'), path.join('datos/sitios/san-juan')],
        [path.join('pub/sitios/la-paz'), path.join('datos/sitios/la-paz')],
      ])
    } finally {
      for (const [k, v] of [
        ['PUBLICACIONES_DIR', saved.p],
        ['DATA_DIR', saved.d],
      ] as const)
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
    }
  })

  it('schema mistakes: Spanish, at their line and column', () => {
    const yaml = GOOD.replace('id: san-juan', 'id: San Juan')
      .replace('www.hospitallapaz.gov.co', 'https://www.hospitallapaz.gov.co/')
      .replace('carpeta: contenido/la-paz', 'carpeta: ../la-paz\n    dominio: otro.gov.co')
    expect(problems(yaml)).toEqual([
      `${shown}:2:9: el identificador «San Juan» solo puede tener minúsculas, números y guiones`,
      `${shown}:8:9: el dominio «https://www.hospitallapaz.gov.co/» no es válido: escríbalo en minúsculas, sin https:// ni barra final (ejemplo: www.hospitalsanjuan.gov.co)`,
      `${shown}:9:14: la carpeta «../la-paz» no es válida: escríbala relativa a plataforma.yaml, con «/» y sin «..» (ejemplo: sitios/hospital-san-juan)`,
      `${shown}:10:5: el campo «dominio» no existe aquí (¿quiso decir «dominios»?)`,
    ])
    expect(problems('sitios: []\n')).toEqual([`${shown}:1:9: la lista «sitios» necesita al menos 1 elemento(s)`])
  })

  it('what the schema cannot say: an id or a domain used twice, a content folder that does not exist', () => {
    const yaml = `${GOOD}  - id: san-juan
    nombre: Otro
    dominios: [hospitalsanjuan.gov.co]
  - id: sin-carpeta
    nombre: E.S.E. Sin Carpeta
    dominios: [sincarpeta.gov.co]
`
    expect(problems(yaml)).toEqual([
      `${shown}:10:9: el sitio «san-juan» ya está en la lista (elemento 1): cada sitio necesita su propio id`,
      `${shown}:12:16: el dominio «hospitalsanjuan.gov.co» ya es del sitio «san-juan»: un dominio sirve a un solo sitio`,
      `${shown}:13:9: no existe la carpeta del contenido del sitio «sin-carpeta»: sitios/sin-carpeta/manifest`,
    ])
  })

  it('`npm run build -- --sitio` / `--todos` without plataforma.yaml, or with an unknown site: a Spanish answer, nothing built', () => {
    const run = (platformFile: string, ...args: string[]) =>
      spawnSync(process.execPath, compiledNodeArgs('scripts/build.ts', args), { env: { ...process.env, PLATAFORMA: platformFile }, encoding: 'utf8' })
    const none = run(path.join(dir, 'no-existe.yaml'), '--todos')
    expect(none.status).toBe(2)
    expect(none.stderr).toContain('Esta instalación no tiene configuración de plataforma (plataforma.yaml): sirve un solo sitio')
    fs.writeFileSync(file, GOOD)
    const unknown = run(file, '--sitio', 'san-jose')
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('No hay un sitio «san-jose» en')
    expect(unknown.stderr).toContain('sitios: san-juan, la-paz.')
  })
})
