/**
 * `npm run sitio -- crear` (scripts/sitio.ts): a new hospital from the template validates with
 * zero errors, builds, gets its first administrator in its own data folder, is added to plataforma.yaml with the
 * operator's comments kept, and its checklist names real files and keys (read from the `muestra: true` marks). An id
 * or a domain already in use is refused in Spanish and nothing changes.
 * One build only, from a tiny template (tests/fixtures/manifest-min); the full sample template is created and
 * validated without a build.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { isMap, parseDocument } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { buildHostsServer } from '../../src/server/siteHosts.ts'
import { askHost } from '../helpers/hostRequest.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'
import { commandEnv } from '../helpers/commandEnv.ts'

const dir = path.resolve('test-results/sitio-crear')
const platformFile = path.join(dir, 'plataforma.yaml')
const PASSWORD = 'Clave-de-prueba-segura-2026'
const OPERATOR_COMMENT = '# Plataforma de la red de prueba: no borrar este comentario.'

/** The command's environment: the test's platform file, nothing pointing at the project's own content or data. */
const env = (): NodeJS.ProcessEnv => commandEnv({ PLATAFORMA: platformFile })

function sitio(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, compiledNodeArgs('scripts/sitio.ts', args), { env: env(), input: `${PASSWORD}\n`, encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr }
}

const crear = (id: string, domain: string, ...more: string[]) =>
  sitio(
    'crear',
    id,
    '--nombre',
    `E.S.E. Hospital ${id}`,
    '--municipio',
    'Guaduas',
    '--departamento',
    'Cundinamarca',
    '--dominio',
    domain,
    '--admin',
    `gerencia@${domain}`,
    ...more,
  )

/** The checklist's lines: `[ ] <file>:<line>  clave <key> …` or `todo el archivo`. */
function checklist(out: string): Array<{ file: string; line: number; key: string }> {
  return [...out.matchAll(/\[ \] (\S+):(\d+) {2}(?:clave (\S+)|todo el archivo)/g)].map(m => ({ file: m[1]!, line: Number(m[2]), key: m[3] ?? '' }))
}

describe('npm run sitio -- crear', () => {
  beforeAll(() => {
    fs.rmSync(dir, { recursive: true, force: true })
    // A tiny template with one sample page, for the one build of this file.
    const template = path.join(dir, 'plantilla-minima')
    fs.cpSync('tests/fixtures/manifest-min', path.join(template, 'manifest'), { recursive: true })
    fs.cpSync('tests/fixtures/public-min', path.join(template, 'public'), { recursive: true })
    const page = path.join(template, 'manifest', 'pages', 'inicio.yaml')
    fs.writeFileSync(page, `muestra: true\n${fs.readFileSync(page, 'utf8')}`)
    fs.writeFileSync(
      platformFile,
      `${OPERATOR_COMMENT}\nsitios: []\n`.replace(
        'sitios: []',
        'sitios:\n  - id: existente\n    nombre: E.S.E. Existente\n    dominios: [www.existente.gov.co]',
      ),
    )
    fs.cpSync(path.join(template, 'manifest'), path.join(dir, 'sitios', 'existente', 'manifest'), { recursive: true })
  })

  it('creates a hospital from the sample template: valid, its account, plataforma.yaml with comments kept, a checklist of real keys', () => {
    const r = crear('san-pedro', 'www.hospitalsanpedro.gov.co', '--sin-compilar')
    expect(r.status, r.out).toBe(0)
    expect(r.out).toContain('✓ Manifiesto válido')
    expect(r.out).toContain('Cuenta creada: gerencia@www.hospitalsanpedro.gov.co (admin).')

    const platform = fs.readFileSync(platformFile, 'utf8')
    expect(platform.startsWith(OPERATOR_COMMENT)).toBe(true)
    expect(parseDocument(platform).toJS()).toEqual({
      sitios: [
        { id: 'existente', nombre: 'E.S.E. Existente', dominios: ['www.existente.gov.co'] },
        { id: 'san-pedro', nombre: 'E.S.E. Hospital san-pedro', dominios: ['www.hospitalsanpedro.gov.co'] },
      ],
    })
    const folder = path.join(dir, 'sitios', 'san-pedro')
    const site = parseDocument(fs.readFileSync(path.join(folder, 'manifest', 'site.yaml'), 'utf8')).toJS()
    expect(site.nombre).toBe('E.S.E. Hospital san-pedro')
    expect(site.urlPublica).toBe('https://www.hospitalsanpedro.gov.co')
    expect(site.contacto.entidad).toMatchObject({ municipio: 'Guaduas', departamento: 'Cundinamarca' })
    expect(site.avisoPrivacidad.responsable).toContain('E.S.E. Hospital san-pedro')
    // The template's Anexo 2 tree and four filing forms came along.
    expect(fs.readFileSync(path.join(folder, 'manifest', 'pages', 'transparencia.yaml'), 'utf8')).toContain('noAplica:')
    for (const form of ['pqrsd', 'cita', 'historia-clinica', 'suscripcion'])
      expect(fs.existsSync(path.join(folder, 'manifest', 'forms', `${form}.yaml`))).toBe(true)

    // The account is in the site's own data folder, nowhere else (`--sitio`: a platform's command names its site).
    const lista = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['lista', '--sitio', 'san-pedro']), {
      env: env(),
      encoding: 'utf8',
    })
    expect(lista.stdout).toMatch(/^gerencia@www\.hospitalsanpedro\.gov\.co\t.*\tadmin\t/m)

    // Every checklist item is a `muestra: true` at that line of that file, inside the key it names.
    const items = checklist(r.out)
    expect(items.length).toBeGreaterThan(50)
    const prefix = path.relative(process.cwd(), folder).split(path.sep).join('/')
    for (const item of items) {
      const text = fs.readFileSync(item.file, 'utf8')
      expect(text.split('\n')[item.line - 1], `${item.file}:${item.line}`).toMatch(/muestra: true/)
      const node = item.key ? parseDocument(text).getIn(item.key.split('.')) : parseDocument(text).contents
      expect(isMap(node) && node.get('muestra'), `${item.file} ${item.key}`).toBe(true)
    }
    const keys = items.map(i => `${i.file.slice(prefix.length + 1)} ${i.key}`)
    expect(keys).toContain('manifest/site.yaml contacto')
    expect(keys).toContain('manifest/site.yaml avisoPrivacidad')
    expect(keys).toContain('manifest/pages/transparencia.yaml ')
  }, 300_000)

  it('builds the new site with zero errors', () => {
    const r = crear('la-paz', 'www.hospitallapaz.gov.co', '--plantilla', path.join(dir, 'plantilla-minima'))
    expect(r.status, r.out).toBe(0)
    expect(r.out).toContain('✓ Sitio compilado')
    const home = fs.readFileSync(path.join(dir, 'dist', 'sitios', 'la-paz', 'client', 'index.html'), 'utf8')
    expect(home).toContain('E.S.E. Hospital la-paz')
    // The hospital's logo is a sample the hospital must supply (identidad.logo, muestra: true), shown in the header.
    expect(home).toContain('class="logo-hospital" src="/assets/identidad/logo-hospital.svg"')
    expect(checklist(r.out)).toEqual([
      { file: `${path.relative(process.cwd(), dir)}/sitios/la-paz/manifest/site.yaml`, line: 36, key: 'identidad.logo' },
      { file: `${path.relative(process.cwd(), dir)}/sitios/la-paz/manifest/pages/inicio.yaml`, line: 1, key: '' },
    ])
  }, 600_000)

  it('is live: the platform server answers its domain with its pages, and its administrator signs in to its office', async () => {
    const loaded = loadPlatform(platformFile)
    expect(loaded.problems).toEqual([])
    const server = await buildHostsServer({ dataDir: dir, clientDir: dir, logLevel: 'silent' }, loaded.platform!)
    try {
      await server.listen({ port: 0, host: '127.0.0.1' })
      const address = server.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const ask = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
        askHost(port, 'www.hospitallapaz.gov.co', method, url, headers, body)
      const home = await ask('GET', '/', { accept: 'text/html' })
      expect(home.status).toBe(200)
      expect(home.text).toContain('E.S.E. Hospital la-paz')
      // The first administrator `crear` made, with the password it read, opens the office of this site.
      const first = await ask('GET', '/api/tipo-solicitud')
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!
      const signIn = await ask(
        'POST',
        '/api/oficina/sesion',
        { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
        JSON.stringify({ correo: 'gerencia@www.hospitallapaz.gov.co', clave: PASSWORD }),
      )
      expect(signIn.status, signIn.text).toBe(200)
    } finally {
      await server.close()
    }
  }, 120_000)

  it('refuses an id or a domain already in use, in Spanish, changing nothing', () => {
    const before = fs.readFileSync(platformFile, 'utf8')
    const sameId = crear('existente', 'www.otro.gov.co', '--sin-compilar')
    expect(sameId.status).toBe(2)
    expect(sameId.out).toContain('ya existe un sitio con el id «existente» (E.S.E. Existente)')
    const sameDomain = crear('otro', 'www.existente.gov.co', '--sin-compilar')
    expect(sameDomain.status).toBe(2)
    expect(sameDomain.out).toContain('el dominio «www.existente.gov.co» ya es del sitio «existente»')
    expect(fs.readFileSync(platformFile, 'utf8')).toBe(before)
    expect(fs.existsSync(path.join(dir, 'sitios', 'otro'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'data', 'sitios', 'otro'))).toBe(false)
    expect(fs.readdirSync(dir).filter(f => f.includes('.nuevo'))).toEqual([])
  }, 120_000)
})
