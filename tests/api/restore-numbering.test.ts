/**
 * A restore never reuses a number and loses nothing (docs/decisions/backups.md, «A restore never reuses a number»):
 * filings received after the backup are listed by number in a CSV kept aside (mode 0600), the database as it was is
 * kept aside (SQLite's file, PostgreSQL's pg_dump), and the next filing gets a number never handed out before.
 * In process: backups and restores through their functions (the command's own, for its output), the server through startInProcess.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { restoreBackup } from '../../src/server/features/backup/restore.ts'
import { installationKey } from '../../src/server/features/backup/signature.ts'
import { runRestoreCommand } from '../../src/server/restoreCommand.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { Client, startInProcess, tempDataDir, validPqrs } from './helpers.ts'

const PDF = Buffer.from('%PDF-1.4\n% carta posterior al respaldo\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

async function file(url: string, nombre: string, withAttachment = false): Promise<string> {
  const form = new FormData()
  for (const [k, v] of Object.entries(validPqrs({ nombre }))) form.append(k, String(v))
  if (withAttachment) form.append('adjuntos', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'carta-posterior.pdf')
  const res = await (await new Client(url).init()).postForm('/api/pqrs', form)
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

/** `npm run restaurar -- <archivo>`'s output, run in process with the data folder's (and the database's) variables. */
async function restoreCommandOutput(archive: string, dataDir: string, databaseUrl?: string): Promise<string> {
  let printed = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(chunk => {
    printed += String(chunk)
    return true
  })
  try {
    await runRestoreCommand([archive], {
      DATA_DIR: dataDir,
      PUBLICACIONES_DIR: path.join(dataDir, 'publicaciones'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    })
  } finally {
    spy.mockRestore()
  }
  return printed
}

/**
 * One filing, a backup, two more filings (one with an attachment), the server stopped, the backup restored, the
 * server started again and one more filing: it must get the fourth number, and the two later ones must be listed.
 */
async function restoreThenFile(databaseUrl?: string): Promise<void> {
  const dataDir = tempDataDir('restaurar-numeros')
  const destination = path.join(dataDir, 'respaldos')
  let server = await startInProcess({ dataDir, databaseUrl })
  let backup: string
  let later: string[]
  try {
    expect(await file(server.url, 'Ana')).toBe('PQRS-2026-000001')
    backup = (await createBackup({ dataDir, databaseUrl, destination, programVersion: 'prueba' })).file
    later = [await file(server.url, 'Beatriz', true), await file(server.url, 'Camila')]
    expect(later).toEqual(['PQRS-2026-000002', 'PQRS-2026-000003'])
  } finally {
    await server.close()
  }

  // As the IT person runs it (in process): what it prints must name the numbers and where everything went.
  const printed = await restoreCommandOutput(backup, dataDir, databaseUrl)
  expect(printed).toContain(`2 radicación(es) recibidas después del respaldo no están en lo restaurado: ${later.join(', ')}.`)
  const aside = /Los datos que había antes quedaron aparte en (\S+): /.exec(printed)?.[1]
  expect(path.dirname(aside!)).toBe(dataDir)
  // The database as it was, kept aside: SQLite's own file, or PostgreSQL's pg_dump.
  const databaseAside = /La base de datos como estaba antes de restaurar quedó (?:copiada \(pg_dump\) )?en (\S+)\.\n/.exec(printed)?.[1]
  expect(databaseAside).toBe(path.join(aside!, databaseUrl ? 'radicaciones.pgdump' : 'radicaciones.sqlite'))
  expect(fs.statSync(databaseAside!).size).toBeGreaterThan(0)
  // The list staff open: inside the folder set aside, private, with the numbers, the data and the attachment's file.
  const list = /Sus datos y adjuntos están en (\S+): /.exec(printed)?.[1]
  expect(list).toBe(path.join(aside!, 'radicaciones-no-restauradas.csv'))
  expect(fs.statSync(list!).mode & 0o777).toBe(0o600)
  const csv = fs.readFileSync(list!, 'utf8')
  expect(csv.split('\r\n')[0]).toContain('"Radicado";"Tipo";"Recibida el (UTC)"')
  expect(csv).toContain('"PQRS-2026-000002";"pqrs"')
  expect(csv).toContain('nombre: Beatriz')
  expect(csv).toContain('nombre: Camila')
  expect(csv).not.toContain('PQRS-2026-000001')
  const attachment = /carta-posterior\.pdf \(adjuntos\/([^)]+)\)/.exec(csv)?.[1]
  expect(fs.readFileSync(path.join(aside!, 'adjuntos', attachment!)).equals(PDF)).toBe(true)

  server = await startInProcess({ dataDir, databaseUrl })
  try {
    expect(await file(server.url, 'Diana')).toBe('PQRS-2026-000004')
  } finally {
    await server.close()
  }
}

describe('a restore keeps the number series ahead and lists the filings it drops', () => {
  it('SQLite: the next filing after the restore gets a new number; the later filings are listed and kept aside', () => restoreThenFile(), 60_000)

  it('PostgreSQL (whole restore): the same, with the database dumped aside before it is replaced', async () => {
    const url = await freshPostgresDatabase('restaurar_numeros')
    try {
      await restoreThenFile(url)
    } finally {
      await dropPostgresDatabase(url)
    }
  }, 120_000)

  it('PostgreSQL, one site of a platform (--sitio): the same inside the site restore; the other site untouched', async () => {
    const suffix = `${process.pid}_${Date.now() % 100_000}`
    const database = await platformDatabase('restaurar_sitio', `duenio_num_${suffix}`, `servidor_num_${suffix}`)
    const plan = loadFilingForms('tests/fixtures/manifest-min').plan
    const dirs = { a: tempDataDir('num-sitio-a'), b: tempDataDir('num-sitio-b') }
    const fileAs = async (site: 'a' | 'b', nombre: string) => {
      const store = await openFilingStore({ dataDir: dirs[site], plan, databaseUrl: database.serverUrl, siteId: site })
      try {
        return await store.createFiling({ kind: 'contacto', datos: { nombre, tipo: '1' } })
      } finally {
        await store.close()
      }
    }
    const counters = (site: string) => querySite(database.adminUrl, undefined, 'SELECT serie, anio, ultimo FROM consecutivos WHERE sitio = $1', [site])
    try {
      await fileAs('a', 'Otro hospital')
      const first = await fileAs('b', 'Ana')
      const backup = await createBackup({
        dataDir: dirs.b,
        databaseUrl: database.serverUrl,
        siteId: 'b',
        destination: tempDataDir('num-sitio-destino'),
        programVersion: 'prueba',
      })
      const later = [await fileAs('b', 'Beatriz'), await fileAs('b', 'Camila')]
      const otherSite = await counters('a')

      const result = await restoreBackup(backup.file, { dataDir: dirs.b, databaseUrl: database.ownerUrl, siteId: 'b', key: installationKey(dirs.b) })
      expect(result.dropped).toEqual(later)
      expect(result.databaseAside).toBe(path.join(result.aside!, 'radicaciones.pgdump'))
      expect(fs.readFileSync(result.droppedList!, 'utf8')).toContain('nombre: Camila')
      const next = await fileAs('b', 'Diana')
      const number = (radicado: string) => Number(radicado.split('-').at(-1))
      expect(number(next)).toBe(number(first) + 3)
      expect(await counters('a')).toEqual(otherSite)
    } finally {
      await database.drop()
    }
  }, 120_000)
})
