/**
 * The two-site platform of the one-server-many-hosts tests (tests/api/site-hosts.test.ts, and the browser's
 * tests/e2e/platform-staff.spec.ts, which reuses the build the first one left): two tiny sites (copies of
 * tests/fixtures/manifest-min, with the template's sign-in page), the contact form taking a PDF, B with a page A lacks.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { compiledNodeArgs } from './compiledCommand.ts'

export const TWO_SITES_DIR = path.resolve('test-results/plataforma-servidor')
export const TWO_SITES_FILE = path.join(TWO_SITES_DIR, 'plataforma.yaml')
export const TWO_SITES_HOST = { a: 'a.example.gov.co', b: 'b.example.gov.co' }

/** Two sites from the minimal manifest; the contact form takes a PDF; B has a page A lacks. */
export function writeTwoSites(dir = TWO_SITES_DIR): void {
  fs.rmSync(dir, { recursive: true, force: true })
  for (const id of ['a', 'b']) {
    const folder = path.join(dir, 'sitios', id)
    fs.cpSync('tests/fixtures/manifest-min', path.join(folder, 'manifest'), { recursive: true })
    fs.cpSync('tests/fixtures/public-min', path.join(folder, 'public'), { recursive: true })
    fs.appendFileSync(
      path.join(folder, 'manifest', 'forms', 'contacto.yaml'),
      '  - nombre: adjuntos\n    etiqueta: Documentos\n    control: archivos\n    aceptar: application/pdf\n    tamanoMaximoMB: 1\n    maximoArchivos: 1\n    tamanoTotalMB: 1\n',
    )
    // The office's sign-in page (its `acceso` section), as in the template.
    fs.copyFileSync('manifest/pages/acceder.yaml', path.join(folder, 'manifest', 'pages', 'acceder.yaml'))
  }
  fs.writeFileSync(
    path.join(dir, 'sitios', 'b', 'manifest', 'pages', 'extra.yaml'),
    'ruta: /extra\netiqueta: Extra\ntitulo: Sala de lactancia del sitio B\nsecciones:\n  - tipo: texto\n    contenido: Esta página es solo del sitio B.\n',
  )
  fs.writeFileSync(
    path.join(dir, 'plataforma.yaml'),
    `sitios:\n  - id: a\n    nombre: E.S.E. Hospital A\n    dominios: [${TWO_SITES_HOST.a}]\n  - id: b\n    nombre: E.S.E. Hospital B\n    dominios: [${TWO_SITES_HOST.b}]\n`,
  )
}

/** `npm run build -- --todos` of the two sites (both at once). */
export function buildTwoSites(dir = TWO_SITES_DIR): void {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: path.join(dir, 'plataforma.yaml'), PLATAFORMA_COMPILACIONES: '2' }
  // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_PLAN_COMPILACION', 'PROJECT_ROOT', 'NODE_ENV', 'DATA_DIR', 'PUBLICACIONES_DIR'])
    delete env[k]
  const r = spawnSync(process.execPath, compiledNodeArgs('scripts/build.ts', ['--todos']), { env, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stdout + r.stderr)
}

/** Whether both sites of `dir` are built (their pages and B's own page are there). */
export function twoSitesBuilt(dir = TWO_SITES_DIR): boolean {
  return (
    fs.existsSync(path.join(dir, 'dist', 'sitios', 'a', 'client', 'acceder', 'index.html')) &&
    fs.existsSync(path.join(dir, 'dist', 'sitios', 'b', 'client', 'extra', 'index.html'))
  )
}
