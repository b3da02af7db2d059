/**
 * `npm run sitio -- crear` on an installation that serves its own hospital (manifest/ at the root, built, no
 * plataforma.yaml) refuses: writing a plataforma.yaml with only the new site would leave that hospital unserved at
 * its own address. Nothing is written, and the plataforma.yaml the refusal prints is a valid platform that keeps the
 * hospital (its content folder, its name, its domain) as the site `principal` (docs/decisions/platform.md).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedOwnHospital } from '../../scripts/lib/ownHospital.ts'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const DOMAIN = 'www.hospitalpropio.gov.co'
let dir: string
let platformFile: string

function crear(): { status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile }
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'DATA_DIR', 'DATABASE_URL', 'PUBLICACIONES_DIR']) delete env[k]
  const args = ['crear', 'nuevo', '--nombre', 'E.S.E. Hospital Nuevo', '--municipio', 'Guaduas', '--departamento', 'Cundinamarca']
  const more = ['--dominio', 'www.hospitalnuevo.gov.co', '--admin', 'gerencia@hospitalnuevo.gov.co', '--plantilla', dir, '--sin-compilar']
  const r = spawnSync(process.execPath, compiledNodeArgs('scripts/sitio.ts', [...args, ...more]), {
    env,
    input: 'Clave-de-prueba-segura-2026\n',
    encoding: 'utf8',
  })
  return { status: r.status, out: r.stdout + r.stderr }
}

beforeAll(() => {
  fs.mkdirSync(path.resolve('test-results'), { recursive: true })
  dir = fs.mkdtempSync(path.resolve('test-results', 'sitio-propio-'))
  platformFile = path.join(dir, 'plataforma.yaml')
  fs.cpSync('tests/fixtures/manifest-min', path.join(dir, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(dir, 'public'), { recursive: true })
  const site = path.join(dir, 'manifest', 'site.yaml')
  fs.writeFileSync(site, `${fs.readFileSync(site, 'utf8')}urlPublica: https://${DOMAIN}\n`)
  // What `npm start` leaves: the built site it serves.
  fs.mkdirSync(path.join(dir, 'dist', 'client'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'dist', 'client', 'index.html'), '<!doctype html><title>Hospital de prueba</title>')
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('sitio crear on an installation serving its own hospital', () => {
  it('refuses, writes nothing, and prints a plataforma.yaml that keeps the hospital served at its domain', () => {
    const { status, out } = crear()
    expect(status, out).toBe(2)
    expect(out).toContain('ya sirve a su propio hospital, Hospital de prueba')
    expect(out).toContain('dejaría de atenderse en su dirección')
    expect(out).toContain('--sin-sitio-actual')
    expect(fs.existsSync(platformFile)).toBe(false)
    expect(fs.existsSync(path.join(dir, 'sitios'))).toBe(false)

    // Step 2 of the refusal, followed to the letter.
    const block = out.split('\n').filter(l => l.startsWith('       '))
    fs.writeFileSync(platformFile, `${block.map(l => l.slice(7)).join('\n')}\n`)
    const { platform, problems } = loadPlatform(platformFile)
    expect(problems).toEqual([])
    expect(platform?.sites).toHaveLength(1)
    expect(platform!.sites[0]).toMatchObject({ id: 'principal', nombre: 'Hospital de prueba', dominios: [DOMAIN], manifestDir: path.join(dir, 'manifest') })
    // With the hospital on the platform, creating the next site is no longer refused for it.
    expect(servedOwnHospital(platformFile, {})).toBeUndefined()
    fs.rmSync(platformFile)
  }, 60_000)

  it('does not refuse where the root content was never built, published nor stored', () => {
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true })
    expect(servedOwnHospital(platformFile, {})).toBeUndefined()
    fs.mkdirSync(path.join(dir, 'publicaciones'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'publicaciones', 'actual.json'), '{"actual":"x/client"}')
    expect(servedOwnHospital(platformFile, {})?.evidence).toEqual(['publicado en publicaciones/'])
  })
})
