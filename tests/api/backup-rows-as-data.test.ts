/**
 * A PostgreSQL backup's rows are loaded as data, never run as SQL (docs/decisions/backups.md, «Rows as data»), on a
 * platform of two sites sharing one database with the guide's two roles. The crafted backup: site B's dump whose one
 * row holds a line `\.` followed by SQL that rewrites site A's filings and erases A's audit. Piped to psql, those lines
 * would end the COPY and run as the tables' owner. Even authentic (signed with B's key), it must change nothing.
 * A whole restore is refused on a database that holds the sites' rows, and for a dump holding objects the schema never has.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BackupManifest, createBackup, sha256File } from '../../src/server/features/backup/archive.ts'
import { restoreBackup } from '../../src/server/features/backup/restore.ts'
import { installationKey, signArchive } from '../../src/server/features/backup/signature.ts'
import { runPgTool, splitPassword } from '../../src/server/features/backup/snapshot.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { startInProcess } from './helpers.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const OWNER = `duenio_filas_${suffix}`
const SERVER = `servidor_filas_${suffix}`
const PLACEHOLDER = 'Z'.repeat(1200)
const plan = loadFilingForms('tests/fixtures/manifest-min').plan

let database: PlatformDatabase | undefined
const tmpDirs: string[] = []
const tmp = (label: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `filas-${label}-`))
  tmpDirs.push(d)
  return d
}
const dataDirs = { a: '', b: '' }

beforeAll(async () => {
  database = await platformDatabase('filas_como_datos', OWNER, SERVER)
  dataDirs.a = tmp('a')
  dataDirs.b = tmp('b')
  const seed = async (site: 'a' | 'b', names: string[]) => {
    const store = await openFilingStore({ dataDir: dataDirs[site], plan, databaseUrl: database!.serverUrl, siteId: site })
    try {
      for (const nombre of names) await store.createFiling({ kind: 'contacto', datos: { nombre, tipo: '1' } })
      for (const evento of ['acceso', 'ver', 'salida']) await store.audit({ evento, detalle: `prueba ${site}` })
    } finally {
      await store.close()
    }
  }
  await seed('a', ['Ana 1', 'Ana 2'])
  await seed('b', [PLACEHOLDER])
}, 120_000)

afterAll(async () => {
  await database?.drop()
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true })
})

/** Every site's filings and audit, as the database's administrator sees them (no policy applies). */
const everything = async () => ({
  radicaciones: await querySite(database!.adminUrl, undefined, 'SELECT sitio, radicado, datos FROM radicaciones ORDER BY sitio, radicado'),
  auditoria: await querySite(database!.adminUrl, undefined, 'SELECT sitio, id, evento, detalle FROM auditoria ORDER BY sitio, id'),
})

/** Site B's backup whose dump is replaced by `dump` (manifest re-checksummed), signed with B's own key. */
async function withDump(dump: string): Promise<string> {
  const made = await createBackup({
    dataDir: dataDirs.b,
    databaseUrl: database!.serverUrl,
    siteId: 'b',
    destination: tmp('destino'),
    programVersion: 'prueba',
  })
  const dir = tmp('abierto')
  await tar.extract({ file: made.file, cwd: dir })
  fs.copyFileSync(dump, path.join(dir, 'radicaciones.pgdump'))
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifiesto.json'), 'utf8')) as BackupManifest
  const archivos = manifest.archivos.map(a => ({ ...a, bytes: fs.statSync(path.join(dir, a.ruta)).size, sha256: sha256File(path.join(dir, a.ruta)) }))
  fs.writeFileSync(path.join(dir, 'manifiesto.json'), JSON.stringify({ ...manifest, archivos }))
  const file = path.join(tmp('firmado'), 'respaldo-20260101-000000Z.tar.gz')
  await tar.create({ gzip: true, file, cwd: dir, portable: true }, ['manifiesto.json', ...archivos.map(a => a.ruta)])
  signArchive(file, installationKey(dataDirs.b)!)
  return file
}

/**
 * B's rows dumped uncompressed (so the row's bytes can be edited in place, same length), then B's one value replaced
 * by: the rest of its row, a line `\.`, and SQL run as the owner that rewrites A's filings and empties A's audit.
 */
async function craftedDump(): Promise<string> {
  const dir = tmp('volcado')
  const dump = path.join(dir, 'b.pgdump')
  const { url, password } = splitPassword(database!.serverUrl)
  await runPgTool('pg_dump', ['--format=custom', '--compress=0', '--enable-row-security', '--no-password', `--file=${dump}`, `--dbname=${url}`], password, {
    PGOPTIONS: '-c app.sitio=b',
  })
  const text = path.join(dir, 'datos.sql')
  await runPgTool('pg_restore', ['--data-only', `--file=${text}`, dump])
  const line = fs
    .readFileSync(text, 'utf8')
    .split('\n')
    .find(l => l.includes(PLACEHOLDER))!
  const rest = line.slice(line.indexOf(PLACEHOLDER) + PLACEHOLDER.length)
  const attack = [
    'COMMIT;',
    "SELECT pg_catalog.set_config('app.sitio', 'a', false);",
    'SET row_security = on;',
    `UPDATE public.radicaciones SET datos = '{"nombre": "pirata", "tipo": "1"}'::jsonb WHERE sitio = 'a';`,
    'ALTER TABLE public.auditoria DISABLE TRIGGER USER;',
    "DELETE FROM public.auditoria WHERE sitio = 'a';",
    'ALTER TABLE public.auditoria ENABLE TRIGGER USER;',
  ].join('\n')
  const payload = `x${rest}\n\\.\n${attack}\n-- `
  expect(payload.length).toBeLessThan(PLACEHOLDER.length)
  const bytes = fs.readFileSync(dump)
  const at = bytes.indexOf(PLACEHOLDER)
  expect(at).toBeGreaterThan(0)
  bytes.write(payload.padEnd(PLACEHOLDER.length, '-'), at, 'latin1')
  fs.writeFileSync(dump, bytes)
  return dump
}

describe("a PostgreSQL site backup's rows are data", () => {
  it("a row holding «\\.» and SQL, in an authentic site backup: refused, and no site's rows or audit change", async () => {
    const file = await withDump(await craftedDump())
    const before = await everything()
    expect(before.auditoria.filter(r => r.sitio === 'a')).toHaveLength(3)
    const outcome = await restoreBackup(file, { dataDir: dataDirs.b, databaseUrl: database!.ownerUrl, siteId: 'b', key: installationKey(dataDirs.b) }).then(
      () => 'restaurado',
      (error: Error) => error.message,
    )
    // The harm first: A's filings and audit (and B's rows) exactly as they were.
    expect(await everything()).toEqual(before)
    expect(outcome).toMatch(/^No se restauró nada: .*la copia de PostgreSQL no es solo de datos: la línea \d+ de los datos no es un dato \(COMMIT;\)/)
  }, 180_000)

  it("a whole restore (no --sitio) on the platform's database: refused, every site's rows kept", async () => {
    const whole = await createBackup({ dataDir: dataDirs.b, databaseUrl: database!.serverUrl, destination: tmp('completo'), programVersion: 'prueba' })
    const before = await everything()
    await expect(
      restoreBackup(whole.file, { dataDir: tmp('completo-datos'), databaseUrl: database!.ownerUrl, key: installationKey(dataDirs.b) }),
    ).rejects.toThrow('tiene filas de los sitios «a», «b» de una plataforma')
    expect(await everything()).toEqual(before)
  }, 120_000)
})

describe('a whole PostgreSQL restore accepts only the objects this program creates', () => {
  it('a backup whose dump holds a view (a kind of object the schema never has): refused, nothing created', async () => {
    const source = await freshPostgresDatabase('toc_origen')
    const target = await freshPostgresDatabase('toc_destino')
    try {
      const server = await startInProcess({ label: 'toc', databaseUrl: source })
      await server.close()
      await querySite(source, undefined, 'CREATE VIEW fuga AS SELECT 1 AS x')
      const made = await createBackup({ dataDir: server.dataDir, databaseUrl: source, destination: tmp('toc'), programVersion: 'prueba' })
      await expect(restoreBackup(made.file, { dataDir: tmp('toc-datos'), databaseUrl: target, key: installationKey(server.dataDir) })).rejects.toThrow(
        'el respaldo contiene un objeto que este programa no crea (VIEW',
      )
      expect(await querySite(target, undefined, "SELECT to_regclass('public.fuga')::text AS t, to_regclass('public.radicaciones')::text AS r")).toEqual([
        { t: null, r: null },
      ])
    } finally {
      await dropPostgresDatabase(source)
      await dropPostgresDatabase(target)
    }
  }, 180_000)
})
