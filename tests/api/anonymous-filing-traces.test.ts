/**
 * An anonymous denuncia leaves nothing that ties it to its sender (docs/decisions/security.md, «Rate limits that keep
 * no address»): after an anonymous filing and a tracking lookup from one address, no row of any table and no byte of
 * the store holds that address, and the only rows holding the filing's `recibido_en` to the millisecond are the
 * filing's own (they name its radicado); the same in a backup archive, whose limiter tables are empty. On SQLite and
 * on PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import * as tar from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { PG_DUMP_FILE, SQLITE_FILE } from '../../src/server/features/backup/snapshot.ts'
import { pgBinary } from '../../src/server/features/backup/pgTools.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { Client, startInProcess } from './helpers.ts'

/** The sender's address, as the proxy in front of the server reports it (TRUST_PROXY on loopback). */
const ADDRESS = '198.51.100.77'
const DENUNCIA = 'Denuncio cobros indebidos en la ventanilla de citas del puesto de salud.'

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})
const tmp = (label: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `anonimo-${label}-`))
  cleanups.push(() => fs.rmSync(d, { recursive: true, force: true }))
  return d
}

type Row = Record<string, unknown>

/**
 * Why a set of rows gives the sender away: a cell holding the address, or a row holding the filing's exact time
 * (as milliseconds or as an ISO instant) without being one of the filing's own rows (which name its radicado).
 */
function traces(tables: Record<string, Row[]>, radicado: string, recibidoEn: number): string[] {
  const times = [String(recibidoEn), new Date(recibidoEn).toISOString()]
  const found: string[] = []
  for (const [table, rows] of Object.entries(tables))
    for (const row of rows) {
      const cells = Object.values(row).map(v => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)))
      if (cells.some(c => c.includes(ADDRESS))) found.push(`${table}: la dirección en ${JSON.stringify(row)}`)
      if (cells.some(c => times.some(t => c.includes(t))) && !cells.some(c => c.includes(radicado)))
        found.push(`${table}: la hora exacta de la radicación en ${JSON.stringify(row)}`)
    }
  return found
}

function sqliteTables(file: string): Record<string, Row[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map(
      r => r.name,
    )
    return Object.fromEntries(names.map(n => [n, db.prepare(`SELECT * FROM "${n}"`).all() as Row[]]))
  } finally {
    db.close()
  }
}

/** Every table's rows, read by the cluster's superuser (row security does not hide any site's rows from it). */
async function pgTables(url: string): Promise<Record<string, Row[]>> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const names = (await c.query<{ t: string }>('SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()')).rows.map(r => r.t)
    const out: Record<string, Row[]> = {}
    for (const n of names) out[n] = (await c.query(`SELECT * FROM "${n}"`)).rows
    return out
  } finally {
    await c.end()
  }
}

/** A moment well inside a minute (every limit's window is a whole number of minutes): the filing's time can be no window's start. */
async function midWindow(): Promise<void> {
  while (Date.now() % 60_000 < 2_000 || Date.now() % 60_000 > 50_000) await new Promise(r => setTimeout(r, 250))
}

/** The files of an archive, unpacked into a folder of their own. */
async function unpacked(archive: string): Promise<string> {
  const dir = tmp('desempacado')
  await tar.x({ file: archive, cwd: dir })
  return dir
}

/** Every file under `dir` that holds the address as bytes. */
function filesWithAddress(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(e => e.isFile() && fs.readFileSync(path.join(e.parentPath, e.name)).includes(ADDRESS))
    .map(e => e.name)
}

/** Files an anonymous denuncia and follows it once, both from ADDRESS; returns its number and stored time. */
async function fileAnonymously(databaseUrl?: string) {
  const server = await startInProcess({ label: 'anonimo', trustProxy: '127.0.0.1', ...(databaseUrl ? { databaseUrl } : {}) })
  cleanups.push(() => server.close())
  const citizen = await new Client(server.url).init()
  const from = citizen.headers({ 'content-type': 'application/json', 'x-forwarded-for': ADDRESS })
  await midWindow()
  const res = await citizen.postJson('/api/pqrs', { tipoSolicitud: 5, tipoPersona: 5, mensaje: DENUNCIA }, from)
  expect(res.status).toBe(200)
  const { id, codigo } = (await res.json()) as { id: string; codigo: string }
  expect((await citizen.postJson('/api/consulta', { radicado: id, codigo }, from)).status).toBe(200)
  const filing = await server.app.store.findFiling(id)
  return { server, id, recibidoEn: Date.parse(filing!.recibidoEn) }
}

describe('an anonymous filing leaves no trace of its sender', () => {
  it('SQLite: not in any table, not in the database file, not in a backup', async () => {
    const { server, id, recibidoEn } = await fileAnonymously()
    const live = sqliteTables(path.join(server.dataDir, SQLITE_FILE))
    // The limits did count this address (two rows, each a keyed hash at its window's start)…
    expect(live.limites_solicitudes).toHaveLength(2)
    for (const row of live.limites_solicitudes!) expect(Number(row.desde) % 60_000).toBe(0)
    // …and nothing holds the address, nor the filing's time outside the filing's own rows.
    expect(traces(live, id, recibidoEn)).toEqual([])
    const storeFiles = fs.readdirSync(server.dataDir).filter(n => n.startsWith(SQLITE_FILE))
    for (const f of storeFiles) expect(fs.readFileSync(path.join(server.dataDir, f)).includes(ADDRESS), f).toBe(false)

    const { file } = await createBackup({ dataDir: server.dataDir, destination: tmp('respaldo'), programVersion: 'prueba' })
    const dir = await unpacked(file)
    expect(filesWithAddress(dir)).toEqual([])
    const copy = sqliteTables(path.join(dir, SQLITE_FILE))
    expect(copy.limites_solicitudes).toEqual([])
    expect(copy.radicaciones!.map(r => r.radicado)).toEqual([id])
    expect(traces(copy, id, recibidoEn)).toEqual([])
  })

  it('PostgreSQL: not in any table, not in a backup', async () => {
    const url = await freshPostgresDatabase('anonimo')
    cleanups.push(() => dropPostgresDatabase(url))
    const { server, id, recibidoEn } = await fileAnonymously(url)
    const live = await pgTables(url)
    expect(live.limites_solicitudes).toHaveLength(2)
    for (const row of live.limites_solicitudes!) expect(Number(row.desde) % 60_000).toBe(0)
    expect(traces(live, id, recibidoEn)).toEqual([])

    const { file } = await createBackup({ dataDir: server.dataDir, databaseUrl: url, destination: tmp('respaldo'), programVersion: 'prueba' })
    const dir = await unpacked(file)
    expect(filesWithAddress(dir)).toEqual([])
    // The dump as SQL text: one line per row; a line with the address, or with the exact time and not the radicado, is a trace.
    const script = spawnSync(pgBinary('pg_restore'), ['--file=-', path.join(dir, PG_DUMP_FILE)], { encoding: 'utf8' })
    expect(script.status, script.stderr).toBe(0)
    const lines = script.stdout.split('\n')
    expect(lines.some(l => l.includes(id))).toBe(true)
    expect(lines.filter(l => l.includes(ADDRESS))).toEqual([])
    expect(lines.filter(l => (l.includes(String(recibidoEn)) || l.includes(new Date(recibidoEn).toISOString())) && !l.includes(id))).toEqual([])
    // The limiter tables' rows are left out of the dump altogether.
    expect(lines.some(l => l.startsWith('COPY public.limites_solicitudes'))).toBe(false)
  })
})
