/**
 * One upgrade for all (scripts/publicar.ts, scripts/lib/sitePublish.ts): `npm run publicar --
 * --todos` publishes every site into its own releases folder (`PlatformSite.releasesDir`); a site whose new release
 * fails keeps serving its previous one and is reported, the others go live, the exit code is 1; `--sitio <id>
 * --revertir` and `--lista` work on one site's releases only; a
 * release the server's check refuses (scripts/lib/releaseCheck.ts) is not switched to. Two tiny sites (copies of tests/fixtures/manifest-min).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readPointer } from '../../src/server/releases.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = path.resolve('test-results/plataforma-publicar')
const platformFile = path.join(dir, 'plataforma.yaml')
const releases = (id: string) => path.join(dir, 'publicaciones', 'sitios', id)
const served = (id: string) => readPointer(releases(id))?.actual.split('/')[0]
const page = (id: string) => fs.readFileSync(path.join(releases(id), readPointer(releases(id))!.actual, 'index.html'), 'utf8')
const manifestFile = (id: string) => path.join(dir, 'sitios', id, 'manifest', 'pages', 'inicio.yaml')

function publicar(...args: string[]): { status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, PLATAFORMA_COMPILACIONES: '2' }
  // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_PLAN_COMPILACION', 'PROJECT_ROOT', 'PUBLICACIONES_DIR', 'DATA_DIR', 'NODE_ENV'])
    delete env[k]
  const r = spawnSync(process.execPath, compiledNodeArgs('scripts/publicar.ts', args), { env, encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr }
}

describe('npm run publicar on a platform', () => {
  beforeAll(() => {
    fs.rmSync(dir, { recursive: true, force: true })
    for (const id of ['a', 'b']) {
      fs.cpSync('tests/fixtures/manifest-min', path.join(dir, 'sitios', id, 'manifest'), { recursive: true })
      fs.cpSync('tests/fixtures/public-min', path.join(dir, 'sitios', id, 'public'), { recursive: true })
    }
    fs.writeFileSync(
      platformFile,
      'sitios:\n  - { id: a, nombre: E.S.E. A, dominios: [a.example.gov.co] }\n  - { id: b, nombre: E.S.E. B, dominios: [b.example.gov.co] }\n',
    )
  })

  it('--todos publishes every site; a broken site keeps its previous release and is reported; --revertir per site', () => {
    const first = publicar('--todos')
    expect(first.status, first.out).toBe(0)
    const a1 = served('a')!
    const b1 = served('b')!
    expect(a1).toBeTruthy()
    expect(b1).toBeTruthy()

    // A gets new content; B gets a manifest error.
    const aPage = fs.readFileSync(manifestFile('a'), 'utf8')
    fs.writeFileSync(manifestFile('a'), aPage.replace(/^titulo: .*$/m, 'titulo: Portada renovada del sitio A'))
    fs.writeFileSync(manifestFile('b'), fs.readFileSync(manifestFile('b'), 'utf8').replace('tipo: texto', 'tipo: textoo'))
    const second = publicar('--todos')
    expect(second.status, second.out).toBe(1)
    expect(served('a'), second.out).not.toBe(a1)
    expect(page('a')).toContain('Portada renovada del sitio A')
    expect(served('b')).toBe(b1)
    expect(second.out).toMatch(/\[b\] manifest\/pages\/inicio\.yaml:\d+:\d+: el tipo de sección «textoo» no existe/)
    expect(second.out).toContain(`✗ b: no se publicó`)
    expect(second.out).toContain(`sigue en servicio ${b1}`)
    expect(second.out).toMatch(/✓ a: publicado \S+/)
    // Only B's failed release folder is gone: B still has its first release, nothing else.
    expect(fs.readdirSync(releases('b')).filter(f => !f.includes('.'))).toEqual([b1])

    // Back to A's first release, by default (the previous) and by name; B untouched.
    const a2 = served('a')!
    const back = publicar('--sitio', 'a', '--revertir')
    expect(back.status, back.out).toBe(0)
    expect(back.out).toContain(`Se sirve de nuevo la publicación ${a1} del sitio «a»`)
    expect(served('a')).toBe(a1)
    expect(page('a')).not.toContain('Portada renovada del sitio A')
    expect(served('b')).toBe(b1)
    const list = publicar('--sitio', 'a', '--lista')
    expect(list.out).toMatch(new RegExp(`${a1}.*← en servicio`))
    expect(list.out).toMatch(new RegExp(`${a2}.*\\(anterior\\)`))
    const named = publicar('--sitio', 'a', '--revertir', a2)
    expect(named.status, named.out).toBe(0)
    expect(served('a')).toBe(a2)
    const unknown = publicar('--sitio', 'b', '--revertir', a1)
    expect(unknown.status).toBe(1)
    expect(unknown.out).toContain(`no existe la publicación «${a1}» del sitio «b»`)
    expect(served('b')).toBe(b1)

    // B's manifest is fixed, but a style sheet of its served release was lost on disk: the content-only rebuild
    // copies that release's bundles, so the new release links a file it lacks. The server's check before the switch
    // catches it: B keeps its release, the summary names the file; A is published.
    fs.writeFileSync(manifestFile('b'), fs.readFileSync(manifestFile('b'), 'utf8').replace('tipo: textoo', 'tipo: texto'))
    const css = /href="(\/_app\/[^"]+\.css)"/.exec(page('b'))![1]!
    fs.rmSync(path.join(releases('b'), b1, 'client', css))
    const third = publicar('--todos')
    expect(third.status, third.out).toBe(1)
    expect(third.out).toContain(`✗ b: no se publicó (la publicación nueva no pasó la verificación: ${css}, que carga la página de inicio, respondió 404`)
    expect(third.out).toContain(`sigue en servicio ${b1}`)
    expect(served('b')).toBe(b1)
    expect(fs.readdirSync(releases('b')).filter(f => !f.includes('.'))).toEqual([b1])
    expect(third.out).toMatch(/✓ a: publicado \S+/)
    expect(served('a')).not.toBe(a2)
  }, 900_000)
})
