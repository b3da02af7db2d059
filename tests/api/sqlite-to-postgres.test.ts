/**
 * `npm run bd:migrar` (docs/decisions/store.md, «From SQLite to PostgreSQL»): a SQLite installation with filings,
 * attachments, an account, its session and the audit trail copied into PostgreSQL with every table's rows equal;
 * the server then runs on it (the account signs in, the attachment downloads, the next number follows); a target
 * that already holds the site's rows is refused unless told to replace them; the same store becomes a platform's
 * another hospital becomes a platform's site beside it without touching the first one's rows. In process: the migration's function, startInProcess.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { migrateToPostgres } from '../../src/server/dbMigrate.ts'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { platformDatabase } from '../helpers/platformDatabase.ts'
import { Client, signInStaff, startInProcess, tempDataDir, validPqrs } from './helpers.ts'

const STAFF = { correo: 'migracion.siau@hospital.gov.co', clave: 'una clave larga de migración 42' }
const PDF = Buffer.from('%PDF-1.4\n% carta que viaja a PostgreSQL\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const TABLES = ['radicaciones', 'adjuntos', 'consecutivos', 'cuentas', 'sesiones', 'auditoria', 'tramites', 'historial']

async function file(url: string, withAttachment: boolean): Promise<string> {
  const form = new FormData()
  for (const [k, v] of Object.entries(validPqrs())) form.append(k, String(v))
  if (withAttachment) form.append('adjuntos', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'carta.pdf')
  const res = await (await new Client(url).init()).postForm('/api/pqrs', form)
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

function sqliteCounts(dataDir: string): Record<string, number> {
  const db = new Database(path.join(dataDir, 'radicaciones.sqlite'), { readonly: true })
  try {
    return Object.fromEntries(TABLES.map(t => [t, (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]))
  } finally {
    db.close()
  }
}

async function pgCounts(url: string, site: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const out: Record<string, number> = {}
    for (const t of TABLES) out[t] = Number((await c.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${t} WHERE sitio = $1`, [site])).rows[0]!.n)
    return out
  } finally {
    await c.end()
  }
}

describe('bd:migrar copies a SQLite store into PostgreSQL and verifies it', () => {
  it('counts equal, the server runs on the copy, a non-empty target refused unless replaced, a second site beside it', async () => {
    const source = tempDataDir('migrar-sqlite')
    const server = await startInProcess({ dataDir: source })
    let withFile: string
    try {
      await server.app.store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'admin', clave: await hashPassword(STAFF.clave) })
      withFile = await file(server.url, true)
      await file(server.url, false)
      await file(server.url, true)
      // A session and audit rows that point at the account (their ids are translated on the way).
      await signInStaff(server.url, STAFF)
    } finally {
      await server.close()
    }
    const before = sqliteCounts(source)
    expect(before).toMatchObject({ radicaciones: 3, adjuntos: 2, cuentas: 1, sesiones: 1 })
    expect(before.auditoria).toBeGreaterThan(0)

    // The guide's two accounts: the owner migrates and copies (not a superuser: row security holds it too), the server serves.
    const suffix = `${process.pid}_${Date.now() % 100_000}`
    const database = await platformDatabase('migrar_destino', `duenio_mig_${suffix}`, `servidor_mig_${suffix}`)
    const url = database.ownerUrl
    try {
      const target = tempDataDir('migrar-pg')
      const result = await migrateToPostgres({ fromDataDir: source, databaseUrl: url, toDataDir: target })
      expect(result.site).toBe('principal')
      expect(result.attachmentsCopied).toBe(2)
      expect(await pgCounts(database.adminUrl, 'principal')).toEqual(before)
      expect(Object.fromEntries(result.tables.filter(t => TABLES.includes(t.table)).map(t => [t.table, t.rows]))).toEqual(before)

      const again = await startInProcess({ dataDir: target, databaseUrl: database.serverUrl })
      try {
        const staff = await signInStaff(again.url, STAFF)
        const detail = (await (await staff.get(`/api/oficina/radicaciones/${withFile}`)).json()) as { adjuntos: Array<{ url: string }> }
        expect(Buffer.from(await (await staff.get(detail.adjuntos[0]!.url)).arrayBuffer()).equals(PDF)).toBe(true)
        expect(await file(again.url, false)).toBe('PQRS-2026-000004')
      } finally {
        await again.close()
      }

      // The site already has rows: refused in Spanish, nothing changed; replaced when told.
      const now = await pgCounts(database.adminUrl, 'principal')
      await expect(migrateToPostgres({ fromDataDir: source, databaseUrl: url, toDataDir: target })).rejects.toThrow(
        /ya tiene datos del sitio «principal».*No se copió nada.*--reemplazar/,
      )
      expect(await pgCounts(database.adminUrl, 'principal')).toEqual(now)
      await migrateToPostgres({ fromDataDir: source, databaseUrl: url, toDataDir: target, replace: true })
      expect(await pgCounts(database.adminUrl, 'principal')).toEqual(before)

      // Another hospital as a platform's site: its rows beside the first one's, which do not change; its numbers its own.
      const other = await startInProcess({ label: 'migrar-otro' })
      try {
        await file(other.url, false)
      } finally {
        await other.close()
      }
      await migrateToPostgres({ fromDataDir: other.dataDir, databaseUrl: url, toDataDir: tempDataDir('migrar-sitio'), siteId: 'san-juan' })
      expect(await pgCounts(database.adminUrl, 'san-juan')).toEqual(sqliteCounts(other.dataDir))
      expect(await pgCounts(database.adminUrl, 'principal')).toEqual(before)
    } finally {
      await database.drop()
    }
  }, 180_000)
})
