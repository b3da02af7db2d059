/**
 * On a platform (plataforma.yaml) a data command never guesses the hospital (docs/decisions/platform.md, «A command
 * never guesses the site»): `respaldo`, `respaldo --verificar`, `restaurar`, `usuarios` and `export` without
 * `--sitio` are refused with the sites and the fix, even with DATA_DIR set as the service's variables file sets it,
 * and nothing is read, written or restored: not the folder DATA_DIR names, not any site's folder and, on PostgreSQL,
 * no site's rows (before, such a command acted on the rows of «principal», a site no platform named).
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { writeTwoSites } from '../helpers/twoSites.ts'
import { ROOT } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = path.resolve('test-results/plataforma-sin-sitio')
const platformFile = path.join(dir, 'plataforma.yaml')
/** The folder the service's variables file names (despliegue/entorno.ejemplo sets DATA_DIR): no hospital's. */
const dataDir = path.join(dir, 'data-del-servicio')
const destination = path.join(dir, 'respaldos')
let archive = ''

/** Every file under a folder with its SHA-256 (nothing at all when the folder does not exist). */
function snapshot(folder: string): Record<string, string> {
  if (!fs.existsSync(folder)) return {}
  const out: Record<string, string> = {}
  for (const e of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const file = path.join(e.parentPath, e.name)
    out[path.relative(folder, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
  }
  return out
}

/** A filing of the minimal template's contact form, stored in the SQLite file of `folder`. */
async function fileIn(folder: string, nombre: string): Promise<void> {
  const store = await openFilingStore({ dataDir: folder, plan: loadFilingForms(path.join(dir, 'sitios', 'a', 'manifest')).plan })
  try {
    await store.createFiling({ kind: 'contacto', datos: { nombre, tipo: '1' } })
  } finally {
    await store.close()
  }
}

/** A command as the IT person runs it through the service's variables (DATA_DIR set), with no --sitio. */
function run(script: string, args: string[], databaseUrl?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, DATA_DIR: dataDir, RESPALDO_DESTINO: destination }
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'PUBLICACIONES_DIR', 'DATABASE_URL', 'NODE_ENV']) delete env[k]
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  const r = spawnSync(process.execPath, compiledNodeArgs(script, args), { cwd: ROOT, env, input: 'Una-clave-larga-de-prueba-2026\n', encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr }
}

beforeAll(async () => {
  writeTwoSites(dir)
  // The service's data folder holds a database (a single hospital's, before the platform) and a backup of it…
  await fileIn(dataDir, 'Ana antes del respaldo')
  archive = (await createBackup({ dataDir, destination: path.join(dir, 'archivo'), programVersion: 'prueba' })).file
  // …and a filing newer than the backup, which a restore would take away.
  await fileIn(dataDir, 'Beto después del respaldo')
}, 60_000)

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

const commands: Array<[string, string, string[]]> = [
  ['respaldo', 'src/server/backupCommand.ts', ['--destino', destination]],
  ['respaldo --verificar', 'src/server/backupCommand.ts', ['--verificar', '<archivo>']],
  ['restaurar', 'src/server/restoreCommand.ts', ['<archivo>']],
  ['usuarios lista', 'src/server/usuarios.ts', ['lista']],
  ['usuarios crear', 'src/server/usuarios.ts', ['crear', 'intruso@hospital.gov.co', '--nombre', 'Intruso', '--rol', 'admin']],
  ['export', 'src/server/export.ts', ['contactos']],
]

/** The refusal every command must give, and what it must not print. */
function expectRefused(r: { status: number | null; out: string }): void {
  expect(r.status, r.out).not.toBe(0)
  expect(r.out).toContain('Esta instalación es una plataforma de varios sitios (plataforma.yaml: a, b)')
  expect(r.out).toContain('indique cuál con --sitio <id> (por ejemplo --sitio a)')
  expect(r.out).toContain(`DATA_DIR (${dataDir}) no elige el sitio`)
  expect(r.out).toContain('No se cambió nada.')
  // Nothing printed from the data (no CSV, no account listed, no backup verified or restored).
  expect(r.out).not.toMatch(/Ana antes|Beto después|verificado|restaurado|Cuenta creada/)
}

const withArchive = (args: string[]) => args.map(a => (a === '<archivo>' ? archive : a))

describe('a platform command without --sitio, DATA_DIR set', () => {
  it.each(commands)(
    '%s: refused, naming the sites and --sitio; no folder touched',
    (_name, script, args) => {
      const before = snapshot(dataDir)
      expect(Object.keys(before)).toContain('radicaciones.sqlite')
      expectRefused(run(script, withArchive(args)))
      // Nothing written: the service's folder as it was, no backup made, no site's data folder made.
      expect(snapshot(dataDir)).toEqual(before)
      expect(fs.existsSync(destination)).toBe(false)
      expect(fs.existsSync(path.join(dir, 'data'))).toBe(false)
    },
    60_000,
  )
})

describe('a platform command without --sitio, DATA_DIR and DATABASE_URL set (PostgreSQL)', () => {
  let url = ''
  /** Rows per site and table, read by the cluster's superuser (every site's rows). */
  const rowsBySite = async () => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      const tables =
        // Every table that holds sites' rows (the key's table, sitio_clave, and schema_migrations hold none).
        (
          await c.query<{ t: string }>(
            "SELECT table_name AS t FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'sitio' ORDER BY 1",
          )
        ).rows
      const out: string[] = []
      for (const { t } of tables)
        for (const r of (await c.query<{ sitio: string; n: string }>(`SELECT sitio, COUNT(*) AS n FROM "${t}" GROUP BY sitio ORDER BY sitio`)).rows)
          out.push(`${t}:${r.sitio}:${r.n}`)
      return out
    } finally {
      await c.end()
    }
  }

  beforeAll(async () => {
    url = await freshPostgresDatabase('sin_sitio')
    // Site A's filing in the shared database, and no row of any «principal»: filed as the single site, then moved
    // to A by the cluster's superuser (the store refuses a superuser on a site, which the test cluster's role is).
    const store = await openFilingStore({
      dataDir: path.join(dir, 'pg-a'),
      databaseUrl: url,
      plan: loadFilingForms(path.join(dir, 'sitios', 'a', 'manifest')).plan,
    })
    try {
      await store.createFiling({ kind: 'contacto', datos: { nombre: 'Ana de A', tipo: '1' } })
    } finally {
      await store.close()
    }
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      const tables = (
        await c.query<{ t: string }>("SELECT table_name AS t FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'sitio'")
      ).rows
      for (const { t } of tables) await c.query(`UPDATE "${t}" SET sitio = 'a'`)
    } finally {
      await c.end()
    }
  }, 60_000)
  afterAll(async () => {
    if (url) await dropPostgresDatabase(url)
  })

  it.each(commands)(
    "%s: refused; no site's rows touched, no «principal» made",
    async (_name, script, args) => {
      const before = await rowsBySite()
      expect(before).toContain('radicaciones:a:1')
      expectRefused(run(script, withArchive(args), url))
      expect(await rowsBySite()).toEqual(before)
      expect(fs.existsSync(destination)).toBe(false)
    },
    60_000,
  )
})
