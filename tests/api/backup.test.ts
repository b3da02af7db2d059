/**
 * Backups built in, with their attachments (docs/decisions/backups.md): `npm run respaldo`,
 * `--verificar` and `npm run restaurar` as the IT person runs them, on SQLite and on PostgreSQL; a backup
 * taken while filings arrive; the refusal while a server runs; the server's own daily backup in /salud/detalle.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { installationKey } from '../../src/server/features/backup/signature.ts'
import { unpack, verifyBackup } from '../../src/server/features/backup/verify.ts'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { Client, ROOT, signInStaff, startInProcess, tempDataDir, validPqrs, waitFor, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const STAFF = { correo: 'respaldo.siau@hospital.gov.co', clave: 'una clave larga de respaldo 25' }
const PDF = Buffer.from('%PDF-1.4\n% carta para el respaldo\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR foto para el respaldo')])
const ANSWER = Buffer.from('%PDF-1.4\n% respuesta de la oficina\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

const tmpDirs: string[] = []
const tmp = (label: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `respaldo-${label}-`))
  tmpDirs.push(d)
  return d
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true })
})

/** A command as the IT person types it (`npm run -s respaldo -- …` runs this file through tsx). */
function command(file: 'backupCommand' | 'restoreCommand', args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, compiledNodeArgs(`src/server/${file}.ts`, args), {
    cwd: ROOT,
    env: { ...process.env, PUBLICACIONES_DIR: tmp('pub'), ...env },
    encoding: 'utf8',
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

function pqrsWithTwoFiles(): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(validPqrs())) form.append(k, String(v))
  form.append('adjuntos', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'carta.pdf')
  form.append('adjuntos', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png')
  return form
}

/** Staff signed in through the API: GETs and the office's actions with the session cookie. */
const signIn = (url: string) => signInStaff(url, STAFF)

/** A staff account, a PQRSD with two attachments, and the office's answer with its file (each step audited). */
async function seed(server: RunningServer & { app: { store: { createAccount(a: object): Promise<unknown> } } }): Promise<string> {
  await server.app.store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'admin', clave: await hashPassword(STAFF.clave) })
  const citizen = await new Client(server.url).init()
  const res = await citizen.postForm('/api/pqrs', pqrsWithTwoFiles())
  expect(res.status).toBe(200)
  const { id } = (await res.json()) as { id: string }
  const staff = await signIn(server.url)
  const answer = new FormData()
  answer.append('accion', 'responder')
  answer.append('texto', 'Le informamos el horario de vacunación.')
  answer.append('archivo', new Blob([new Uint8Array(ANSWER)], { type: 'application/pdf' }), 'respuesta.pdf')
  expect((await staff.act(id, answer)).status).toBe(200)
  return id
}

/** What a restore must bring back, read with plain SQL (the same query on both engines). */
const STATE_SQL = {
  radicaciones: 'SELECT radicado, tipo, datos FROM radicaciones ORDER BY radicado',
  adjuntos: 'SELECT radicado, archivo, nombre_original, sha256 FROM adjuntos ORDER BY archivo',
  cuentas: 'SELECT correo, nombre, rol, clave FROM cuentas ORDER BY correo',
  historial: 'SELECT radicado, accion, estado_nuevo, texto, archivo, archivo_sha256 FROM historial ORDER BY id',
  auditoria: 'SELECT en, evento, correo, radicado, detalle FROM auditoria ORDER BY id',
}
type State = Record<keyof typeof STATE_SQL, unknown[]>

function sqliteState(dataDir: string): State {
  const db = new Database(path.join(dataDir, 'radicaciones.sqlite'), { readonly: true })
  try {
    return Object.fromEntries(Object.entries(STATE_SQL).map(([k, sql]) => [k, db.prepare(sql).all()])) as State
  } finally {
    db.close()
  }
}

async function pgState(url: string): Promise<State> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const out: Record<string, unknown[]> = {}
    for (const [k, sql] of Object.entries(STATE_SQL))
      out[k] = (await c.query(sql)).rows.map((r: Record<string, unknown>) => ({
        ...r,
        datos: typeof r.datos === 'object' && r.datos !== null ? JSON.stringify(r.datos) : r.datos,
      }))
    return out as State
  } finally {
    await c.end()
  }
}

/** On the restored store: the staff account signs in, both attachments and the answer's file download with their bytes. */
async function expectServedBack(server: RunningServer, id: string): Promise<void> {
  const staff = await signIn(server.url)
  const detail = (await (await staff.get(`/api/oficina/radicaciones/${id}`)).json()) as {
    estado: string
    adjuntos: Array<{ url: string }>
    historial: Array<{ accion: string; archivo: { url: string } | null }>
  }
  expect(detail.estado).toBe('respondida')
  expect(detail.adjuntos).toHaveLength(2)
  expect(Buffer.from(await (await staff.get(detail.adjuntos[0]!.url)).arrayBuffer()).equals(PDF)).toBe(true)
  expect(Buffer.from(await (await staff.get(detail.adjuntos[1]!.url)).arrayBuffer()).equals(PNG)).toBe(true)
  const answered = detail.historial.find(h => h.accion === 'responder')!
  expect(Buffer.from(await (await staff.get(answered.archivo!.url)).arrayBuffer()).equals(ANSWER)).toBe(true)
}

const archiveIn = (dir: string) => {
  const files = fs.readdirSync(dir).filter(n => n.endsWith('.tar.gz'))
  expect(files).toHaveLength(1)
  return path.join(dir, files[0]!)
}

describe('backup → verify → restore into an empty data folder', () => {
  it('SQLite: the filing, its two attachments, the answer, the account and the audit rows all come back', async () => {
    const server = await startInProcess({ label: 'respaldo-sqlite' })
    const id = await seed(server)
    await server.close()
    const before = sqliteState(server.dataDir)
    expect(before.adjuntos).toHaveLength(2)
    expect(before.auditoria.length).toBeGreaterThan(0)

    const destination = tmp('destino')
    const made = command('backupCommand', ['--destino', destination], { DATA_DIR: server.dataDir })
    expect(made.stderr).toBe('')
    expect(made.status).toBe(0)
    expect(made.stdout).toMatch(/1 radicaciones, 3 adjuntos, 1 cuentas/)
    const archive = archiveIn(destination)
    const checked = command('backupCommand', ['--verificar', archive], { DATA_DIR: server.dataDir })
    expect(checked.stdout).toContain('verificado')
    expect(checked.status).toBe(0)

    const empty = path.join(tmp('vacia'), 'data')
    // A new data folder has no key yet: the source installation's, from its file (then kept as this one's).
    const restored = command('restoreCommand', [archive, '--clave', path.join(server.dataDir, 'respaldo.clave')], { DATA_DIR: empty })
    expect(restored.stderr).toBe('')
    expect(restored.status).toBe(0)
    expect(sqliteState(empty)).toEqual(before)
    const again = await startInProcess({ dataDir: empty })
    try {
      await expectServedBack(again, id)
      // A filing that arrives after the backup: restoring again replaces it, files included (old and new never mix).
      expect((await (await new Client(again.url).init()).postForm('/api/pqrs', pqrsWithTwoFiles())).status).toBe(200)
    } finally {
      await again.close()
    }
    const later = fs.readdirSync(path.join(empty, 'adjuntos')).filter(n => n !== '.tmp')
    expect(later).toHaveLength(5)
    expect(command('restoreCommand', [archive], { DATA_DIR: empty }).status).toBe(0)
    expect(sqliteState(empty)).toEqual(before)
    // Exactly the backup's three files (two attachments, the answer's file); the later filing's are set aside.
    const kept = [...before.adjuntos, ...before.historial].flatMap(r => ((r as { archivo: string | null }).archivo ? [(r as { archivo: string }).archivo] : []))
    expect(fs.readdirSync(path.join(empty, 'adjuntos')).sort()).toEqual(kept.sort())
    const aside = fs.readdirSync(empty).filter(n => n.startsWith('.antes-de-restaurar-'))
    expect(aside).toHaveLength(1)
    expect(
      fs
        .readdirSync(path.join(empty, aside[0]!, 'adjuntos'))
        .filter(n => n !== '.tmp')
        .sort(),
    ).toEqual(later.sort())
  }, 180_000)

  it('PostgreSQL (pg_dump / pg_restore): the same, into an empty database and data folder', async () => {
    const source = await freshPostgresDatabase('respaldo_origen')
    const target = await freshPostgresDatabase('respaldo_destino')
    try {
      const server = await startInProcess({ label: 'respaldo-pg', databaseUrl: source })
      const id = await seed(server)
      await server.close()
      const before = await pgState(source)
      expect(before.adjuntos).toHaveLength(2)

      const destination = tmp('destino-pg')
      const made = command('backupCommand', ['--destino', destination], { DATA_DIR: server.dataDir, DATABASE_URL: source })
      expect(made.stderr).toBe('')
      expect(made.status).toBe(0)
      const archive = archiveIn(destination)
      expect(command('backupCommand', ['--verificar', archive], { DATA_DIR: server.dataDir }).status).toBe(0)

      const empty = path.join(tmp('vacia-pg'), 'data')
      const restored = command('restoreCommand', [archive, '--clave', path.join(server.dataDir, 'respaldo.clave')], { DATA_DIR: empty, DATABASE_URL: target })
      expect(restored.stderr).toBe('')
      expect(restored.status).toBe(0)
      expect(await pgState(target)).toEqual(before)
      const again = await startInProcess({ dataDir: empty, databaseUrl: target })
      try {
        await expectServedBack(again, id)
        expect((await (await new Client(again.url).init()).postForm('/api/pqrs', pqrsWithTwoFiles())).status).toBe(200)
      } finally {
        await again.close()
      }
      // Over a database that is no longer empty (a filing arrived since): all of the backup, nothing of the rest.
      expect(command('restoreCommand', [archive], { DATA_DIR: empty, DATABASE_URL: target }).status).toBe(0)
      expect(await pgState(target)).toEqual(before)
    } finally {
      await dropPostgresDatabase(source)
      await dropPostgresDatabase(target)
    }
  }, 240_000)
})

describe('consistency and refusals', () => {
  it('a backup taken while filings arrive: every filing in it has its attachments, with their checksums', async () => {
    const server = await startInProcess({ label: 'respaldo-carga' })
    const destination = tmp('carga')
    try {
      const citizen = await new Client(server.url).init()
      let stop = false
      const accepted: string[] = []
      const sender = async () => {
        while (!stop) {
          const res = await citizen.postForm('/api/pqrs', pqrsWithTwoFiles())
          if (res.status === 200) accepted.push(((await res.json()) as { id: string }).id)
        }
      }
      const senders = [sender(), sender(), sender()]
      while (accepted.length < 3) await new Promise(r => setTimeout(r, 20))
      const made = await createBackup({ dataDir: server.dataDir, destination, programVersion: 'prueba' })
      stop = true
      await Promise.all(senders)

      const inArchive = made.manifest.tablas.radicaciones!
      expect(inArchive).toBeGreaterThanOrEqual(3)
      expect(made.manifest.adjuntos).toBe(2 * inArchive)
      expect(made.manifest.adjuntosFaltantes).toEqual([])
      // Unpacked, every attachment row of the copy has its file with the checksum the store recorded.
      const dir = tmp('carga-abierto')
      await unpack(made.file, dir, installationKey(server.dataDir))
      const db = new Database(path.join(dir, 'radicaciones.sqlite'), { readonly: true })
      const rows = db.prepare('SELECT r.radicado, a.archivo, a.sha256 FROM radicaciones r JOIN adjuntos a ON a.radicado = r.radicado').all() as Array<{
        archivo: string
        sha256: string
      }>
      db.close()
      expect(rows).toHaveLength(2 * inArchive)
      for (const r of rows)
        expect(
          crypto
            .createHash('sha256')
            .update(fs.readFileSync(path.join(dir, 'adjuntos', r.archivo)))
            .digest('hex'),
        ).toBe(r.sha256)
      expect((await verifyBackup(made.file, installationKey(server.dataDir))).problems).toEqual([])
    } finally {
      await server.close()
    }
  }, 120_000)

  it('restore while a server uses the data folder: refused in Spanish, nothing changed', async () => {
    const server = await startInProcess({ label: 'respaldo-ocupado' })
    try {
      const destination = tmp('ocupado')
      const made = await createBackup({ dataDir: server.dataDir, destination, programVersion: 'prueba' })
      const citizen = await new Client(server.url).init()
      expect((await citizen.postForm('/api/pqrs', pqrsWithTwoFiles())).status).toBe(200)
      const before = sqliteState(server.dataDir)
      const files = fs.readdirSync(path.join(server.dataDir, 'adjuntos')).sort()

      const refused = command('restoreCommand', [made.file], { DATA_DIR: server.dataDir })
      expect(refused.status).toBe(2)
      expect(refused.stderr).toMatch(/^No se restauró nada: un servidor está usando esta carpeta de datos \(.+, proceso \d+\)\. Detenga el servicio/)
      expect(sqliteState(server.dataDir)).toEqual(before)
      expect(fs.readdirSync(path.join(server.dataDir, 'adjuntos')).sort()).toEqual(files)
      expect((await citizen.postForm('/api/pqrs', pqrsWithTwoFiles())).status).toBe(200)
    } finally {
      await server.close()
    }
  }, 120_000)
})

describe('the server backs up by itself (RESPALDO_HORA) and /salud/detalle says so', () => {
  /** A time of day a few seconds ahead on the Colombian clock (UTC−5), «HH:MM:SS». */
  const soon = (seconds: number) => new Date(Date.now() - 5 * 3_600_000 + seconds * 1000).toISOString().slice(11, 19)
  const detail = async (url: string) =>
    (await (await fetch(`${url}/salud/detalle`)).json()) as {
      estado: string
      respaldo: { ultimo: string | null; exitoso: boolean | null; verificado: boolean | null; error?: string }
    }
  const until = async (url: string) => {
    for (let i = 0; i < 1200; i++) {
      const d = await detail(url)
      if (d.respaldo.ultimo) return d
      await new Promise(r => setTimeout(r, 100))
    }
    throw new Error('no hubo respaldo')
  }

  it('a daily backup made and verified, the archive kept; a failed one reported, and the server keeps receiving filings', async () => {
    const destination = tmp('diario')
    // The destination is a file: the backup cannot be written there.
    const blocked = path.join(tmp('bloqueado'), 'un-archivo')
    fs.writeFileSync(blocked, '')
    // Far enough ahead for the three servers to be up under load (the hour is read at start).
    const hour = soon(20)
    const logs = tmp('registro')
    // pino-roll may add a number to the file name.
    const lines = (prefix: string) =>
      fs
        .readdirSync(logs)
        .filter(f => f.startsWith(prefix))
        .flatMap(f => fs.readFileSync(path.join(logs, f), 'utf8').split('\n').filter(Boolean))
        .map(l => JSON.parse(l) as { level: number; msg: string; verificado?: boolean })
    // Two servers sharing one DATA_DIR (as several processes do with PostgreSQL): one backup between them.
    const shared = tempDataDir('respaldo-diario')
    const [good, twin, bad] = await Promise.all([
      startInProcess({ dataDir: shared, backup: { hour, destination, keep: 3 }, logLevel: 'info', logFile: path.join(logs, 'bueno.log') }),
      startInProcess({ dataDir: shared, backup: { hour, destination, keep: 3 }, logLevel: 'info', logFile: path.join(logs, 'gemelo.log') }),
      startInProcess({ label: 'respaldo-fallido', backup: { hour, destination: blocked }, logLevel: 'info', logFile: path.join(logs, 'malo.log') }),
    ])
    try {
      const d = await until(good.url)
      expect(d.estado).toBe('ok')
      expect(d.respaldo).toMatchObject({ exitoso: true, verificado: true })
      expect(fs.readdirSync(destination).filter(n => n.endsWith('.tar.gz'))).toHaveLength(1)

      const f = await until(bad.url)
      expect(f.respaldo).toMatchObject({ exitoso: false, verificado: false })
      expect(f.respaldo.error).toBeTruthy()
      const citizen = await new Client(bad.url).init()
      expect((await citizen.postForm('/api/pqrs', pqrsWithTwoFiles())).status).toBe(200)
      // Both servers had their turn (one made it, the other skipped): still one archive.
      await waitFor(() =>
        lines('bueno')
          .concat(lines('gemelo'))
          .filter(l => l.msg.startsWith('respaldo diario')).length >= 2
          ? true
          : undefined,
      )
      expect(fs.readdirSync(destination).filter(n => n.endsWith('.tar.gz'))).toHaveLength(1)
    } finally {
      await good.close()
      await twin.close()
      await bad.close()
    }
    // One log line each: info for the verified backup (by one of the twins), error for the failed one.
    expect(
      lines('bueno')
        .concat(lines('gemelo'))
        .filter(l => l.msg === 'respaldo diario hecho y verificado'),
    ).toMatchObject([{ level: 30, verificado: true }])
    expect(lines('malo').filter(l => l.msg === 'EL RESPALDO DIARIO FALLÓ')).toMatchObject([{ level: 50 }])
  }, 120_000)
})
