/**
 * A platform of several hospitals on one PostgreSQL database (issue 28, items 3–5; docs/decisions/platform.md), with
 * the guide's two roles (an owner that migrates, not a superuser, and the server's): `npm run sitio -- crear` makes
 * the site's first administrator as a row of that site; `npm run restaurar -- --sitio` puts back one site's rows and
 * leaves every other site's alone. Sites from a tiny template (tests/fixtures/manifest-min), never built here.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareDatabase } from '../../src/server/dbSetup.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'

const dir = path.resolve('test-results/plataforma-postgres')
const platformFile = path.join(dir, 'plataforma.yaml')
const PASSWORD = 'Clave-de-prueba-segura-2026'
const suffix = `${process.pid}_${Date.now() % 100_000}`
const OWNER = `duenio_plat_${suffix}`
const SERVER = `servidor_plat_${suffix}`

let adminUrl: string
let ownerUrl: string
let serverUrl: string

const as = (role: string) => {
  const u = new URL(adminUrl)
  u.username = role
  return u.toString()
}

/** A query on its own connection, as `url`, with the site set when given. */
async function query<T extends pg.QueryResultRow>(url: string, site: string | undefined, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    if (site !== undefined) await c.query("SELECT set_config('app.sitio', $1, false)", [site])
    return (await c.query<T>(text, values)).rows
  } finally {
    await c.end()
  }
}

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, DATABASE_URL: serverUrl }
  // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_GENERATED_DIR', 'PROJECT_ROOT', 'DATA_DIR', 'PUBLICACIONES_DIR', 'NODE_ENV']) delete e[k]
  return { ...e, ...extra }
}

function run(script: string, args: string[], extra: NodeJS.ProcessEnv = {}): { status: number | null; out: string; stdout: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { env: env(extra), input: `${PASSWORD}\n`, encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr, stdout: r.stdout }
}

const crear = (id: string, extra: NodeJS.ProcessEnv = {}) =>
  run(
    'scripts/sitio.ts',
    [
      'crear',
      id,
      '--nombre',
      `E.S.E. Hospital ${id}`,
      '--municipio',
      'Guaduas',
      '--departamento',
      'Cundinamarca',
      '--dominio',
      `www.${id}.gov.co`,
      '--admin',
      `gerencia@${id}.gov.co`,
      '--plantilla',
      path.join(dir, 'plantilla'),
      '--sin-compilar',
    ],
    extra,
  )

const accounts = (site: string) => query<{ correo: string }>(adminUrl, undefined, 'SELECT correo FROM cuentas WHERE sitio = $1', [site])

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true })
  const template = path.join(dir, 'plantilla')
  fs.cpSync('tests/fixtures/manifest-min', path.join(template, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(template, 'public'), { recursive: true })
  adminUrl = await freshPostgresDatabase('plataforma')
  const db = new URL(adminUrl).pathname.slice(1)
  // The guide's two roles: an owner that migrates (not a superuser) and the server's.
  for (const sql of [
    `CREATE ROLE ${OWNER} LOGIN`,
    `CREATE ROLE ${SERVER} LOGIN`,
    `ALTER DATABASE "${db}" OWNER TO ${OWNER}`,
    `ALTER SCHEMA public OWNER TO ${OWNER}`,
  ])
    await query(adminUrl, undefined, sql)
  ownerUrl = as(OWNER)
  serverUrl = as(SERVER)
  await prepareDatabase(ownerUrl, SERVER)
})

afterAll(async () => {
  if (!adminUrl) return
  await dropPostgresDatabase(adminUrl)
  const postgres = new URL(adminUrl)
  postgres.pathname = '/postgres'
  for (const role of [SERVER, OWNER]) await query(postgres.toString(), undefined, `DROP ROLE IF EXISTS ${role}`)
})

describe('npm run sitio -- crear with DATABASE_URL (PostgreSQL)', () => {
  it("makes the first administrator a row of the new site: its listing shows it, another site's does not", async () => {
    for (const id of ['a', 'b']) {
      const r = crear(id)
      expect(r.status, r.out).toBe(0)
      expect(r.out).toContain(`Cuenta creada: gerencia@${id}.gov.co (admin).`)
    }
    // In the shared database, each account is its site's (the administrator sees every site's rows)…
    expect(await accounts('a')).toEqual([{ correo: 'gerencia@a.gov.co' }])
    expect(await accounts('b')).toEqual([{ correo: 'gerencia@b.gov.co' }])
    // …and nothing went to a SQLite file in the sites' data folders.
    expect(fs.existsSync(path.join(dir, 'data', 'sitios', 'a', 'radicaciones.sqlite'))).toBe(false)
    const listA = run('src/server/usuarios.ts', ['lista', '--sitio', 'a'])
    expect(listA.status, listA.out).toBe(0)
    expect(listA.stdout).toMatch(/^gerencia@a\.gov\.co\t.*\tadmin\t/m)
    expect(listA.stdout).not.toContain('gerencia@b')
    const listB = run('src/server/usuarios.ts', ['lista', '--sitio', 'b'])
    expect(listB.stdout).toContain('gerencia@b.gov.co')
    expect(listB.stdout).not.toContain('gerencia@a')
  }, 240_000)

  it('refuses an id taken in the platform or already holding rows in the database, changing nothing', async () => {
    const before = fs.readFileSync(platformFile, 'utf8')
    const taken = crear('a')
    expect(taken.status).toBe(2)
    expect(taken.out).toContain('ya existe un sitio con el id «a»')
    expect(fs.readFileSync(platformFile, 'utf8')).toBe(before)

    // A new platform on the same database (or an operator who removed «a» from plataforma.yaml): its rows are still there.
    const other = path.join(dir, 'otra', 'plataforma.yaml')
    const held = crear('a', { PLATAFORMA: other })
    expect(held.status, held.out).toBe(2)
    expect(held.out).toContain('la base de datos de DATABASE_URL ya tiene datos del sitio «a» (cuentas: 1, auditoria: 1)')
    expect(fs.existsSync(path.join(dir, 'otra'))).toBe(false)
    expect(await accounts('a')).toEqual([{ correo: 'gerencia@a.gov.co' }])
  }, 120_000)
})
