import fs from 'node:fs'
import Database from 'better-sqlite3'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { exportCsv } from '../../src/server/export.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { BREAKS_OLDER, MIGRATIONS } from '../../src/server/store/migrations.ts'
import { StaleActionError, type TramiteRow } from '../../src/server/store/office.ts'
import { StoreUnavailableError } from '../../src/server/store/unavailable.ts'
import { DB_FILE, migrateSqlite as migrate } from '../../src/server/store/sqlite.ts'
import { UnknownKindError, type AttachmentRecord, type FilingStore, type NumberingPlan } from '../../src/server/store/store.ts'
import { prepareUploads, sweepUploads, SWEEP_MIN_AGE_MS } from '../../src/server/store/uploads.ts'
import pg from 'pg'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'

const PLAN: NumberingPlan = { series: { pqrs: 'PQRS', cita: 'CITA', historia: 'HC' }, subscriptionSeries: 'SUS' }

/**
 * The FilingStore interface suite: written once against the interface and
 * run against every implementation. Each test gets an empty database;
 * `open()` may be called more than once (a restart, a second process) and
 * every store it returns shares that database.
 */
interface Engine {
  name: string
  /** Creates an empty database and DATA_DIR; returns how to open stores on them and how to drop them. */
  fresh(): Promise<{ dataDir: string; open(): Promise<FilingStore>; drop(): Promise<void> }>
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'))
      return {
        dataDir,
        open: () => openFilingStore({ dataDir, plan: PLAN }),
        drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      }
    },
  },
  {
    // A real PostgreSQL server (Debian's postgresql package), one new database per test: see tests/helpers/postgres.ts.
    name: 'postgresql',
    async fresh() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-pg-'))
      const databaseUrl = await freshPostgresDatabase('store')
      return {
        dataDir,
        open: () => openFilingStore({ dataDir, plan: PLAN, databaseUrl }),
        drop: async () => {
          await dropPostgresDatabase(databaseUrl)
          fs.rmSync(dataDir, { recursive: true, force: true })
        },
      }
    },
  },
]

function attachment(archivo: string, extra: Partial<AttachmentRecord> = {}): AttachmentRecord {
  return { campo: 'pdf', archivo, nombreOriginal: 'solicitud.pdf', tipo: 'application/pdf', tamano: 1234, sha256: 'a'.repeat(64), ...extra }
}

const sequence = (id: string) => Number(id.split('-')[2])

describe.each(engines)('FilingStore on $name', engine => {
  let db: Awaited<ReturnType<Engine['fresh']>>
  const opened: FilingStore[] = []
  const open = async () => {
    const store = await db.open()
    opened.push(store)
    return store
  }
  let store: FilingStore

  beforeEach(async () => {
    db = await engine.fresh()
    store = await open()
  })
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close()
    await db?.drop()
  })

  it('filings arriving together get consecutive numbers of their series, each with its own content', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => store.createFiling({ kind: 'pqrs', datos: { marca: i } })))
    expect(new Set(ids).size).toBe(25)
    expect(ids.map(sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    for (const id of ids) expect(id).toMatch(/^PQRS-\d{4}-\d{6}$/)
    const stored = await store.listFilings('pqrs')
    expect(stored).toHaveLength(25)
    for (const [i, id] of ids.entries()) expect(stored.find(r => r.radicado === id)?.datos).toEqual({ marca: i })
  })

  it('each series has its own sequence', async () => {
    // Received at a set instant: the number's year is the year of Colombia's calendar at receipt.
    const now = new Date('2026-11-25T10:00:00-05:00')
    const ids = [
      await store.createFiling({ kind: 'pqrs', datos: {}, now }),
      await store.createFiling({ kind: 'cita', datos: {}, now }),
      await store.createFiling({ kind: 'pqrs', datos: {}, now }),
      await store.createFiling({ kind: 'historia', datos: {}, now }),
      (await store.subscribe('a@example.com', now)).id,
    ]
    expect(ids).toEqual(['PQRS-2026-000001', 'CITA-2026-000001', 'PQRS-2026-000002', 'HC-2026-000001', 'SUS-2026-000001'])
  })

  it('one filing that cannot be stored fails alone; the others of its batch are stored and answered', async () => {
    const results = await Promise.allSettled([
      store.createFiling({ kind: 'pqrs', datos: { marca: 'a' } }),
      store.createFiling({ kind: 'no-existe', datos: { marca: 'b' } }),
      store.createFiling({ kind: 'cita', datos: { marca: 'c' } }),
    ])
    expect(results.map(r => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UnknownKindError)
    expect(await store.counts()).toEqual({ radicaciones: 2, adjuntos: 0, suscripciones: 0 })
  })

  it('a filing is stored whole with its attachments, or not at all', async () => {
    const id = await store.createFiling({
      kind: 'historia',
      datos: { nombre: 'Luz' },
      attachments: [attachment('uno.pdf', { nombreOriginal: 'Mi solicitud.pdf', tamano: 99, sha256: 'b'.repeat(64) })],
    })
    const [row] = await store.listFilings('historia')
    expect(row).toEqual({
      radicado: id,
      kind: 'historia',
      recibidoEn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      datos: { nombre: 'Luz' },
      adjuntos: [{ campo: 'pdf', archivo: 'uno.pdf', nombreOriginal: 'Mi solicitud.pdf', tipo: 'application/pdf', tamano: 99, sha256: 'b'.repeat(64) }],
      canal: 'web',
    })
    // The same stored file name twice cannot be kept: the filing is refused whole.
    await expect(store.createFiling({ kind: 'historia', datos: {}, attachments: [attachment('dos.pdf'), attachment('dos.pdf')] })).rejects.toThrow()
    expect(await store.counts()).toEqual({ radicaciones: 1, adjuntos: 1, suscripciones: 0 })
    expect(await store.attachmentFiles()).toEqual(new Set(['uno.pdf']))
    // The refused filing gave its number back: the series has no gap.
    expect(sequence(await store.createFiling({ kind: 'historia', datos: {} }))).toBe(2)
  })

  it('two stores (two server processes) filing at once on one database: every answered number stored once, none reused, no gap', async () => {
    const other = await open()
    const stores = [store, other]
    const attempts = Array.from({ length: 40 }, (_, i) => {
      const s = stores[i % 2]!
      // Every fifth filing fails after its number was drawn (the same stored file name twice): its number must come back.
      const attachments = i % 5 === 4 ? [attachment(`dup-${i}.pdf`), attachment(`dup-${i}.pdf`)] : [attachment(`f-${i}.pdf`)]
      return s.createFiling({ kind: 'historia', datos: { marca: i }, attachments })
    })
    const results = await Promise.allSettled(attempts)
    const answered = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ id: r.value, marca: i }] : []))
    expect(answered).toHaveLength(32)
    expect(answered.map(a => sequence(a.id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1))
    // Whichever store reads, each answered number is stored exactly once with the content it was answered for.
    for (const reader of stores) {
      const stored = await reader.listFilings('historia')
      expect(stored.map(r => r.radicado).sort()).toEqual(answered.map(a => a.id).sort())
      for (const a of answered)
        expect(stored.find(r => r.radicado === a.id)).toMatchObject({ datos: { marca: a.marca }, adjuntos: [{ archivo: `f-${a.marca}.pdf` }] })
    }
    // And the next number, from either store, follows on.
    expect(sequence(await other.createFiling({ kind: 'historia', datos: {} }))).toBe(33)
  })

  it('the start-up sweep removes only old unreferenced files: an upload another process is receiving or has not yet committed survives', async () => {
    const { dataDir } = db
    prepareUploads(dataDir)
    const uploads = path.join(dataDir, 'adjuntos')
    const put = (name: string, ageMs: number) => {
      const file = path.join(uploads, name)
      fs.writeFileSync(file, '%PDF-1.4')
      const t = new Date(Date.now() - ageMs)
      fs.utimesSync(file, t, t)
    }
    const id = await store.createFiling({ kind: 'historia', datos: {}, attachments: [attachment('guardado.pdf')] })
    put('guardado.pdf', 3 * SWEEP_MIN_AGE_MS) // an old, committed attachment
    put('.tmp/llegando.part', 1_000) // another process is receiving it
    put('renombrado.pdf', 1_000) // kept by another process, its filing not yet committed
    put('.tmp/interrumpido.part', 2 * SWEEP_MIN_AGE_MS) // an upload interrupted long ago
    put('huerfano.pdf', 2 * SWEEP_MIN_AGE_MS) // a crash between rename and commit, long ago
    expect(sweepUploads(dataDir, await store.attachmentFiles())).toBe(2)
    expect(fs.readdirSync(uploads).sort()).toEqual(['.tmp', 'guardado.pdf', 'renombrado.pdf'])
    expect(fs.readdirSync(path.join(uploads, '.tmp'))).toEqual(['llegando.part'])
    expect((await store.findFiling(id))?.adjuntos.map(a => a.archivo)).toEqual(['guardado.pdf'])
  })

  it('an answered filing is in the database: another store opened on it sees it', async () => {
    const id = await store.createFiling({ kind: 'historia', datos: { marca: 'x' } })
    const other = await open()
    expect(await other.hasRadicado(id)).toBe(true)
    expect((await other.listFilings('historia')).map(r => r.radicado)).toEqual([id])
  })

  it('numbers are never reused after a restart', async () => {
    const before = [await store.createFiling({ kind: 'pqrs', datos: {} }), await store.createFiling({ kind: 'pqrs', datos: {} })]
    await store.close()
    const again = await open()
    const after = await again.createFiling({ kind: 'pqrs', datos: {} })
    expect(before.map(sequence)).toEqual([1, 2])
    expect(sequence(after)).toBe(3)
  })

  it('the year of a number is the Colombian year (UTC-5): the sequence restarts at its midnight', async () => {
    const late = await store.createFiling({ kind: 'pqrs', datos: {}, now: new Date('2025-01-01T04:59:59Z') })
    const first = await store.createFiling({ kind: 'pqrs', datos: {}, now: new Date('2025-01-01T05:00:00Z') })
    const second = await store.createFiling({ kind: 'pqrs', datos: {}, now: new Date('2025-12-31T23:00:00Z') })
    const next = await store.createFiling({ kind: 'pqrs', datos: {}, now: new Date('2026-01-01T05:00:00Z') })
    expect([late, first, second, next]).toEqual(['PQRS-2024-000001', 'PQRS-2025-000001', 'PQRS-2025-000002', 'PQRS-2026-000001'])
    const sub = await store.subscribe('fin@example.com', new Date('2026-01-01T04:00:00Z'))
    expect(sub.id).toBe('SUS-2025-000001')
  })

  it('listFilings: one kind, in numbering order, from a given instant', async () => {
    await store.createFiling({ kind: 'pqrs', datos: { m: 'febrero' }, now: new Date('2025-02-10T12:00:00Z') })
    await store.createFiling({ kind: 'cita', datos: { m: 'cita' }, now: new Date('2025-03-10T12:00:00Z') })
    await store.createFiling({ kind: 'pqrs', datos: { m: 'marzo' }, now: new Date('2025-03-10T12:00:00Z') })
    expect((await store.listFilings('pqrs')).map(r => r.datos.m)).toEqual(['febrero', 'marzo'])
    expect((await store.listFilings('pqrs', { since: '2025-03-01T05:00:00.000Z' })).map(r => r.datos.m)).toEqual(['marzo'])
    expect(await store.listFilings('historia')).toEqual([])
  })

  it('from a given instant includes what was received at exactly that instant: `export --since` keeps a filing of midnight', async () => {
    // Midnight of 1 March 2025 in Colombia (UTC-5), the instant `--since 2025-03-01` stands for; and one millisecond before.
    await store.createFiling({ kind: 'pqrs', datos: { m: 'antes' }, now: new Date('2025-03-01T04:59:59.999Z') })
    const midnight = await store.createFiling({ kind: 'pqrs', datos: { m: 'medianoche' }, now: new Date('2025-03-01T05:00:00.000Z') })
    await store.subscribe('antes@example.com', new Date('2025-03-01T04:59:59.999Z'))
    await store.subscribe('medianoche@example.com', new Date('2025-03-01T05:00:00.000Z'))
    expect((await store.listFilings('pqrs', { since: '2025-03-01T05:00:00.000Z' })).map(r => r.datos.m)).toEqual(['medianoche'])
    expect((await store.listSubscriptions({ since: '2025-03-01T05:00:00.000Z' })).map(r => r.correo)).toEqual(['medianoche@example.com'])
    const { filings, lookups } = loadFilingForms()
    const csv = await exportCsv(store, filings.find(f => f.exportacion === 'pqrs')!, lookups, { since: '2025-03-01' })
    expect(
      csv
        .split('\r\n')
        .filter(l => l.startsWith('"PQRS-'))
        .map(l => l.split(';')[0]),
    ).toEqual([`"${midnight}"`])
  })

  it('a repeated address (any letter case) is stored once and answers the first id', async () => {
    const first = await store.subscribe(' Lector@Example.com ', new Date('2025-01-10T12:00:00Z'))
    const again = await store.subscribe('lector@example.COM')
    expect(first).toEqual({ id: expect.stringMatching(/^SUS-2025-000001$/), nuevo: true })
    expect(again).toEqual({ id: first.id, nuevo: false })
    await store.subscribe('otro@example.com', new Date('2025-05-10T12:00:00Z'))
    expect(await store.listSubscriptions()).toEqual([
      { radicado: first.id, correo: 'Lector@Example.com', recibidoEn: '2025-01-10T12:00:00.000Z' },
      { radicado: 'SUS-2025-000002', correo: 'otro@example.com', recibidoEn: '2025-05-10T12:00:00.000Z' },
    ])
    expect((await store.listSubscriptions({ since: '2025-02-01T05:00:00.000Z' })).map(s => s.correo)).toEqual(['otro@example.com'])
  })

  it('the consent record (notice version and time) is stored with a filing and a subscription, and kept for a repeated address', async () => {
    const autorizacion = { version: '2026-11', en: '2026-11-23T15:00:00.000Z' }
    const id = await store.createFiling({ kind: 'pqrs', datos: { autorizacionDatos: true }, autorizacion })
    const before = await store.createFiling({ kind: 'pqrs', datos: {} })
    const rows = await store.listFilings('pqrs')
    expect(rows.find(r => r.radicado === id)?.autorizacion).toEqual(autorizacion)
    expect(rows.find(r => r.radicado === before)?.autorizacion).toBeUndefined()
    expect((await store.findFiling(id))?.autorizacion).toEqual(autorizacion)
    await store.subscribe('acepta@example.com', new Date('2026-11-23T15:00:00Z'), autorizacion)
    await store.subscribe('ACEPTA@example.com', new Date('2026-11-24T15:00:00Z'), { version: '2027-01', en: '2026-11-24T15:00:00.000Z' })
    expect((await store.listSubscriptions()).map(s => s.autorizacion)).toEqual([autorizacion])
  })

  it('hasRadicado knows filings and subscriptions, and nothing else', async () => {
    const id = await store.createFiling({ kind: 'cita', datos: {} })
    const { id: sub } = await store.subscribe('s@example.com')
    expect(await store.hasRadicado(id)).toBe(true)
    expect(await store.hasRadicado(sub)).toBe(true)
    expect(await store.hasRadicado(id.replace(/\d$/, '9'))).toBe(false)
    expect(await store.hasRadicado("' OR 1=1 --")).toBe(false)
  })

  it('close waits for filings still queued', async () => {
    const pending = store.createFiling({ kind: 'pqrs', datos: { marca: 'ultima' } })
    await store.close()
    const id = await pending
    const again = await open()
    expect(await again.hasRadicado(id)).toBe(true)
  })

  // --- The office's part of the interface (docs/decisions/store.md) ---

  const tramiteAt = (radicado: string, extra: Partial<TramiteRow> = {}): TramiteRow => ({
    radicado,
    estado: 'radicada',
    diasHabiles: 15,
    vence: '2026-04-17',
    venceOriginal: '2026-04-17',
    venceMaximo: '2026-05-11',
    venceTraslado: '2026-04-01',
    ampliada: false,
    ...extra,
  })

  it('accounts: e-mail unique in any case; a new password or a deactivation revokes open sessions', async () => {
    const a = await store.createAccount({ correo: 'Ana@Hospital.gov.co', nombre: 'Ana', rol: 'siau', formularios: ['pqrsd'], clave: 'hash' })
    expect(a).toMatchObject({ correo: 'ana@hospital.gov.co', rol: 'siau', formularios: ['pqrsd'], activa: true })
    await expect(store.createAccount({ correo: 'ANA@hospital.gov.co', nombre: 'Otra', rol: 'admin', clave: 'x' })).rejects.toThrow(/Ya existe/)
    expect((await store.findAccountByEmail(' ana@HOSPITAL.gov.co '))?.id).toBe(a.id)
    const t0 = new Date('2026-03-25T15:00:00Z')
    await store.createSession({
      tokenHash: 's1',
      cuentaId: a.id,
      recordar: false,
      expiraEn: new Date(t0.getTime() + 3_600_000),
      inactividadMs: 600_000,
      now: t0,
    })
    expect((await store.useSession('s1', new Date(t0.getTime() + 60_000)))?.account.correo).toBe('ana@hospital.gov.co')
    await store.updateAccount(a.id, { clave: 'nuevo' }, { evento: 'clave_cambiada', cuentaId: a.id })
    expect(await store.useSession('s1', new Date(t0.getTime() + 120_000))).toBeUndefined()
    await store.createSession({
      tokenHash: 's2',
      cuentaId: a.id,
      recordar: false,
      expiraEn: new Date(t0.getTime() + 3_600_000),
      inactividadMs: 600_000,
      now: t0,
    })
    await store.updateAccount(a.id, { activa: false }, { evento: 'cuenta_desactivada', cuentaId: a.id })
    expect(await store.useSession('s2', t0)).toBeUndefined()
    expect((await store.listAudit()).map(r => r.evento)).toEqual(['cuenta_desactivada', 'clave_cambiada'])
  })

  it('sessions end when idle too long, past their absolute end, or revoked; each use moves the idle clock', async () => {
    const a = await store.createAccount({ correo: 'b@h.gov.co', nombre: 'B', rol: 'admin', clave: 'hash' })
    const t0 = Date.parse('2026-03-25T15:00:00Z')
    const at = (ms: number) => new Date(t0 + ms)
    await store.createSession({ tokenHash: 'idle', cuentaId: a.id, recordar: false, expiraEn: at(10_000), inactividadMs: 3_000, now: at(0) })
    expect(await store.useSession('idle', at(2_000))).toBeDefined()
    expect(await store.useSession('idle', at(4_500))).toBeDefined() // 2.5 s after the last use
    expect(await store.useSession('idle', at(8_000))).toBeUndefined() // 3.5 s idle
    await store.createSession({ tokenHash: 'abs', cuentaId: a.id, recordar: true, expiraEn: at(5_000), inactividadMs: 60_000, now: at(0) })
    expect(await store.useSession('abs', at(4_000))).toBeDefined()
    expect(await store.useSession('abs', at(5_000))).toBeUndefined()
    await store.createSession({ tokenHash: 'rev', cuentaId: a.id, recordar: false, expiraEn: at(10_000), inactividadMs: 60_000, now: at(0) })
    await store.revokeSession('rev', at(1_000))
    expect(await store.useSession('rev', at(1_000))).toBeUndefined()
    expect(await store.useSession('desconocida', at(0))).toBeUndefined()
  })

  it('a second-factor time step is spent once per account: the same or an earlier step is refused, a later one accepted', async () => {
    const a = await store.createAccount({ correo: 'totp@h.gov.co', nombre: 'T', rol: 'admin', clave: 'hash' })
    const b = await store.createAccount({ correo: 'totp2@h.gov.co', nombre: 'U', rol: 'admin', clave: 'hash' })
    expect(await store.claimTotpStep(a.id, 59_000_000)).toBe(true)
    expect(await store.claimTotpStep(a.id, 59_000_000)).toBe(false)
    expect(await store.claimTotpStep(a.id, 58_999_999)).toBe(false)
    expect(await store.claimTotpStep(b.id, 59_000_000)).toBe(true) // another account's codes are its own
    expect(await store.claimTotpStep(a.id, 59_000_001)).toBe(true)
    // two sign-ins racing with the same code: exactly one wins
    const both = await Promise.all([store.claimTotpStep(a.id, 59_000_005), store.claimTotpStep(a.id, 59_000_005)])
    expect(both.filter(Boolean)).toHaveLength(1)
  })

  it('a filing stored with its deadlines; an action, its history and its audit row commit together, and a stale one is refused', async () => {
    const a = await store.createAccount({ correo: 'c@h.gov.co', nombre: 'C', rol: 'siau', clave: 'hash' })
    const { radicado: _r, ...initial } = tramiteAt('x')
    const id = await store.createFiling({ kind: 'pqrs', datos: { mensaje: 'hola' }, tramite: initial })
    expect(await store.getTramite(id)).toEqual(tramiteAt(id))
    expect((await store.findFiling(id))?.kind).toBe('pqrs')
    const record = {
      expected: { estado: 'radicada' as const, ampliada: false, existed: true },
      tramite: tramiteAt(id, { estado: 'respondida', respondidaEn: '2026-03-30T15:00:00.000Z' }),
      history: {
        radicado: id,
        accion: 'responder',
        estadoAnterior: 'radicada',
        estadoNuevo: 'respondida',
        cuentaId: a.id,
        en: '2026-03-30T15:00:00.000Z',
        texto: 'Respuesta',
        archivo: 'resp.pdf',
        archivoNombre: 'r.pdf',
        archivoTamano: 10,
        archivoSha256: 'b'.repeat(64),
      },
      audit: { evento: 'accion', cuentaId: a.id, radicado: id, detalle: 'responder' },
    }
    await store.recordAction(record)
    // The same action again, checked against the old state: refused, nothing written.
    await expect(store.recordAction(record)).rejects.toBeInstanceOf(StaleActionError)
    expect((await store.getTramite(id))?.estado).toBe('respondida')
    const history = await store.history(id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ accion: 'responder', cuentaNombre: 'C', texto: 'Respuesta', archivo: 'resp.pdf' })
    expect((await store.listAudit()).filter(r => r.evento === 'accion')).toHaveLength(1)
    // The answer PDF is kept by the start-up sweep.
    expect(await store.attachmentFiles()).toContain('resp.pdf')
  })

  it('a filing stored before the office existed gets its state at its first action', async () => {
    const id = await store.createFiling({ kind: 'cita', datos: {} })
    expect(await store.getTramite(id)).toBeUndefined()
    const base = {
      history: { radicado: id, accion: 'en_tramite', estadoNuevo: 'en_tramite', en: '2026-03-30T15:00:00.000Z' },
      audit: { evento: 'accion', radicado: id },
    }
    await expect(
      store.recordAction({ ...base, expected: { estado: 'radicada', ampliada: false, existed: true }, tramite: tramiteAt(id, { estado: 'en_tramite' }) }),
    ).rejects.toBeInstanceOf(StaleActionError)
    await store.recordAction({ ...base, expected: { estado: 'radicada', ampliada: false, existed: false }, tramite: tramiteAt(id, { estado: 'en_tramite' }) })
    expect((await store.getTramite(id))?.estado).toBe('en_tramite')
    expect((await store.listTramites()).map(t => t.radicado)).toEqual([id])
  })

  it('noteHistory appends a history row and its audit row without touching the state', async () => {
    const { radicado: _r, ...initial } = tramiteAt('x')
    const id = await store.createFiling({ kind: 'pqrs', datos: {}, tramite: initial })
    await store.noteHistory(
      {
        radicado: id,
        accion: 'correo_ciudadano',
        estadoAnterior: 'radicada',
        estadoNuevo: 'radicada',
        en: '2026-03-30T15:00:00.000Z',
        texto: 'Correo de respuesta enviado al ciudadano.',
      },
      { evento: 'correo_ciudadano', radicado: id, detalle: 'respondida' },
    )
    expect(await store.getTramite(id)).toEqual(tramiteAt(id))
    expect(await store.history(id)).toMatchObject([{ accion: 'correo_ciudadano', estadoNuevo: 'radicada', texto: 'Correo de respuesta enviado al ciudadano.' }])
    expect((await store.listAudit()).map(r => [r.evento, r.radicado, r.detalle])).toEqual([['correo_ciudadano', id, 'respondida']])
    // A note for a number that does not exist is refused, and leaves no audit row behind.
    await expect(
      store.noteHistory(
        { radicado: 'PQRS-2026-999999', accion: 'correo_ciudadano', estadoNuevo: 'radicada', en: '2026-03-30T15:00:00.000Z' },
        { evento: 'correo_ciudadano' },
      ),
    ).rejects.toThrow()
    expect(await store.listAudit()).toHaveLength(1)
  })

  it('checkWritable (for /salud/detalle) resolves on a usable store and writes nothing', async () => {
    await store.checkWritable()
    expect(await store.counts()).toEqual({ radicaciones: 0, adjuntos: 0, suscripciones: 0 })
  })

  it('reportGroups: one group per filing, by number, kind, request type, Colombian days, outcome, due date and refusal; none of its data leaves the store', async () => {
    const { radicado: _r, ...initial } = tramiteAt('x')
    const file = (kind: string, datos: Record<string, unknown>, at: string) =>
      store.createFiling({ kind, datos: { nombre: 'Persona', ...datos }, now: new Date(at), tramite: initial })
    const act = async (id: string, accion: string, estado: 'respondida' | 'trasladada', at: string, negada = false) =>
      store.recordAction({
        expected: { estado: 'radicada', ampliada: false, existed: true },
        tramite: tramiteAt(id, { estado, respondidaEn: at }),
        history: { radicado: id, accion, estadoAnterior: 'radicada', estadoNuevo: estado, en: at, negada },
        audit: { evento: 'accion', radicado: id },
      })
    // Two answered the same day, one refused, one forwarded, one pending, one of another kind, one outside the range.
    const a = await file('pqrs', { tipoSolicitud: 1 }, '2026-03-02T14:00:00.000Z')
    const b = await file('pqrs', { tipoSolicitud: 1 }, '2026-03-02T20:00:00.000Z')
    const c = await file('pqrs', { tipoSolicitud: 1 }, '2026-03-03T04:30:00.000Z') // 23:30 of 03-02 in Colombia
    const d = await file('pqrs', { tipoSolicitud: 8 }, '2026-03-04T15:00:00.000Z')
    const e = await file('pqrs', { tipoSolicitud: 2 }, '2026-03-05T15:00:00.000Z')
    const f = await file('cita', {}, '2026-03-05T15:00:00.000Z')
    await file('pqrs', { tipoSolicitud: 1 }, '2026-04-01T05:00:00.000Z') // 00:00 of 04-01 in Colombia: outside
    await act(a, 'responder', 'respondida', '2026-03-10T15:00:00.000Z')
    await act(b, 'responder', 'respondida', '2026-03-10T22:00:00.000Z')
    await act(c, 'responder', 'respondida', '2026-03-11T03:00:00.000Z', true) // 22:00 of 03-10 in Colombia
    await act(d, 'trasladar', 'trasladada', '2026-03-05T15:00:00.000Z')
    // The refusal is read back as such in the filing's history (the office shows it), and only there.
    expect((await store.history(c)).at(-1)).toMatchObject({ accion: 'responder', negada: true, tardio: false })
    expect((await store.history(a)).at(-1)).toMatchObject({ accion: 'responder', negada: false, tardio: false })
    const groups = await store.reportGroups({ desde: '2026-03-01T05:00:00.000Z', hasta: '2026-04-01T05:00:00.000Z', typeFields: { pqrs: 'tipoSolicitud' } })
    const group = (radicado: string, kind: string, tipo: number | null, recibido: string, desenlace: string, respondido: string | null, negada = false) => ({
      radicado,
      kind,
      tipo,
      canal: 'web',
      recibido,
      desenlace,
      respondido,
      vence: '2026-04-17',
      negada,
      cantidad: 1,
    })
    expect([...groups].sort((x, y) => x.radicado!.localeCompare(y.radicado!))).toEqual(
      [
        group(f, 'cita', null, '2026-03-05', 'pendiente', null),
        group(a, 'pqrs', 1, '2026-03-02', 'respondida', '2026-03-10'),
        group(b, 'pqrs', 1, '2026-03-02', 'respondida', '2026-03-10'),
        group(c, 'pqrs', 1, '2026-03-02', 'respondida', '2026-03-10', true),
        group(d, 'pqrs', 8, '2026-03-04', 'trasladada', '2026-03-05'),
        group(e, 'pqrs', 2, '2026-03-05', 'pendiente', null),
      ].sort((x, y) => x.radicado.localeCompare(y.radicado)),
    )
    // The filing's number, never its data.
    expect(JSON.stringify(groups)).not.toMatch(/Persona/)
  })

  it('publishReport keeps the first copy of a period, read back by any store of the database; another period is apart', async () => {
    expect(await store.publishedReport('2026-T3')).toBeUndefined()
    const other = await open()
    expect(await store.publishReport('2026-T3', '{"primera":true}', new Date('2026-10-05T13:00:00.000Z'))).toBe('{"primera":true}')
    // A second freeze of the same period (another process, a later request) changes nothing and answers the first.
    expect(await other.publishReport('2026-T3', '{"segunda":true}', new Date('2026-10-06T13:00:00.000Z'))).toBe('{"primera":true}')
    expect(await other.publishedReport('2026-T3')).toBe('{"primera":true}')
    expect(await store.publishedReport('2026')).toBeUndefined()
  })

  // docs/decisions/store.md: state two server processes must share (two stores on one database stand for two processes).
  it('request counts are one per key across stores, in fixed windows aligned to their length that restart once they end', async () => {
    const other = await open()
    const t0 = Date.parse('2026-03-02T15:00:00.000Z')
    const counts = []
    for (let i = 0; i < 6; i++) counts.push(await (i % 2 ? other : store).countRequest('radicar|10.0.0.1', 60_000, t0 + i * 1_000))
    expect(counts.map(c => c.current)).toEqual([1, 2, 3, 4, 5, 6])
    expect(counts.map(c => c.ttl)).toEqual([60_000, 59_000, 58_000, 57_000, 56_000, 55_000])
    // Together from both "processes": every request counted once.
    const together = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? other : store).countRequest('radicar|10.0.0.1', 60_000, t0 + 10_000)))
    expect(together.map(c => c.current).sort((a, b) => a - b)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
    // Windows are aligned to multiples of their length (shared.ts windowStart), not opened by a key's first request:
    // a key first seen 10 s into the minute has the rest of that minute.
    expect(await store.countRequest('radicar|10.0.0.2', 60_000, t0 + 10_000)).toEqual({ current: 1, ttl: 50_000 })
    expect(await store.countRequest('oficina|10.0.0.1', 60_000, t0 + 10_000)).toEqual({ current: 1, ttl: 50_000 })
    // The window ends: the count starts again.
    expect(await other.countRequest('radicar|10.0.0.1', 60_000, t0 + 60_000)).toEqual({ current: 1, ttl: 60_000 })
  })

  it('sign-in attempts are checked and counted in one step across stores: past the limit none in flight gets through, and forgetting frees places', async () => {
    const other = await open()
    const t0 = Date.parse('2026-03-02T15:00:00.000Z')
    const rules = (n: number) => [
      { clave: 'cuenta:jefe@hospital.gov.co', max: 5, windowMs: 900_000 },
      { clave: `direccion:10.0.0.${n}`, max: 20, windowMs: 900_000 },
    ]
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? other : store).reserveAttempt(rules(i % 3), `intento-${i}`, t0 + i)))
    expect(all.filter(r => r.ok)).toHaveLength(5)
    for (const r of all) if (!r.ok) expect(r.lockedMs).toBeGreaterThan(899_000)
    // Another account from an address with fewer than 20 attempts is not locked.
    expect(
      await store.reserveAttempt(
        [
          { clave: 'cuenta:otra@hospital.gov.co', max: 5, windowMs: 900_000 },
          { clave: 'direccion:10.0.0.1', max: 20, windowMs: 900_000 },
        ],
        'x',
        t0 + 100,
      ),
    ).toEqual({ ok: true })
    // Once the window of every counted attempt has passed, the account may try again.
    expect(await other.reserveAttempt(rules(0), 'tarde', t0 + 900_030)).toEqual({ ok: true })
    // A success clears the account; one attempt given back frees one place, no more.
    await store.forgetAttempts('cuenta:jefe@hospital.gov.co')
    for (let i = 0; i < 5; i++) expect(await (i % 2 ? other : store).reserveAttempt(rules(1), `p${i}`, t0 + 900_100)).toEqual({ ok: true })
    expect((await store.reserveAttempt(rules(1), 'p5', t0 + 900_100)).ok).toBe(false)
    await other.forgetAttempts('cuenta:jefe@hospital.gov.co', 'p2')
    expect(await store.reserveAttempt(rules(1), 'p6', t0 + 900_100)).toEqual({ ok: true })
    expect((await store.reserveAttempt(rules(1), 'p7', t0 + 900_100)).ok).toBe(false)
  })

  it('a receipt kept by one store is found by another until it expires, only under its token hash', async () => {
    const other = await open()
    const now = Date.parse('2026-03-02T15:00:00.000Z')
    await store.keepReceipt('a'.repeat(64), { radicado: 'PQRS-2026-000001', sellado: 'sellado-1' }, now + 60_000)
    expect(await other.findReceipt('a'.repeat(64), now + 59_999)).toEqual({ radicado: 'PQRS-2026-000001', sellado: 'sellado-1' })
    expect(await other.findReceipt('a'.repeat(64), now + 60_001)).toBeUndefined()
    expect(await other.findReceipt('b'.repeat(64), now)).toBeUndefined()
  })

  it('a petition the office registers keeps its channel, staff member and day of receipt, with its audit row in the same commit; web filings are `web`', async () => {
    const { radicado: _r, ...initial } = tramiteAt('x')
    const staff = await store.createAccount({ correo: 'ventanilla@hospital.gov.co', nombre: 'Rosa Ventanilla', rol: 'siau', clave: 'hash' })
    const web = await store.createFiling({ kind: 'pqrs', datos: { tipoSolicitud: 1 }, now: new Date('2026-03-03T15:00:00.000Z'), tramite: initial })
    const phone = await store.createFiling({
      kind: 'pqrs',
      datos: { tipoSolicitud: 1 },
      now: new Date('2026-03-03T16:00:00.000Z'),
      tramite: initial,
      canal: 'telefonico',
      registradaPor: staff.id,
      audit: { evento: 'radicar', cuentaId: staff.id, detalle: 'canal telefonico' },
    })
    // Paper received on Friday 02-27, registered on 03-02: reported on the day it arrived (February), not on the registration day.
    const paper = await store.createFiling({
      kind: 'pqrs',
      datos: { tipoSolicitud: 2 },
      now: new Date('2026-03-02T15:00:00.000Z'),
      tramite: initial,
      canal: 'escrito',
      registradaPor: staff.id,
      recibidaEl: '2026-02-27',
      audit: { evento: 'radicar', cuentaId: staff.id, detalle: 'canal escrito; recibida el 2026-02-27' },
    })
    // The same series for every channel: one sequence.
    expect([web, paper, phone].map(sequence).sort()).toEqual([1, 2, 3])
    const rows = new Map((await store.listFilings('pqrs')).map(f => [f.radicado, f]))
    expect(rows.get(web)).toMatchObject({ canal: 'web' })
    expect(rows.get(web)?.registradaPor).toBeUndefined()
    expect(rows.get(web)?.recibidaEl).toBeUndefined()
    expect(rows.get(phone)).toMatchObject({ canal: 'telefonico', registradaPor: { id: staff.id, nombre: 'Rosa Ventanilla' } })
    expect(rows.get(paper)).toMatchObject({ canal: 'escrito', registradaPor: { id: staff.id, nombre: 'Rosa Ventanilla' }, recibidaEl: '2026-02-27' })
    expect(await store.findFiling(paper)).toMatchObject({ canal: 'escrito', registradaPor: { nombre: 'Rosa Ventanilla' }, recibidaEl: '2026-02-27' })
    expect(
      (await store.listAudit())
        .filter(a => a.evento === 'radicar')
        .map(a => [a.radicado, a.cuentaId, a.detalle])
        .sort(),
    ).toEqual(
      [
        [phone, staff.id, 'canal telefonico'],
        [paper, staff.id, 'canal escrito; recibida el 2026-02-27'],
      ].sort(),
    )
    const march = await store.reportGroups({ desde: '2026-03-01T05:00:00.000Z', hasta: '2026-04-01T05:00:00.000Z', typeFields: { pqrs: 'tipoSolicitud' } })
    expect(march.map(g => [g.canal, g.recibido, g.cantidad]).sort()).toEqual([
      ['telefonico', '2026-03-03', 1],
      ['web', '2026-03-03', 1],
    ])
    const february = await store.reportGroups({ desde: '2026-02-01T05:00:00.000Z', hasta: '2026-03-01T05:00:00.000Z', typeFields: { pqrs: 'tipoSolicitud' } })
    expect(february).toMatchObject([{ kind: 'pqrs', tipo: 2, canal: 'escrito', recibido: '2026-02-27', cantidad: 1 }])
    // An unknown channel is refused by the database itself, and the filing with its audit row is not stored.
    await expect(
      store.createFiling({ kind: 'pqrs', datos: {}, tramite: initial, canal: 'paloma', audit: { evento: 'radicar', cuentaId: staff.id } }),
    ).rejects.toThrow()
    expect((await store.counts()).radicaciones).toBe(3)
    expect((await store.listAudit()).filter(a => a.evento === 'radicar')).toHaveLength(2)
  })
})

describe('SQLite specifics', () => {
  it('WAL with synchronous=FULL (every commit fsync-ed) and a versioned migrations table', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'))
    const store = await openFilingStore({ dataDir, plan: PLAN })
    try {
      expect(await store.durability()).toEqual({ journalMode: 'wal', synchronous: 2, schemaVersions: MIGRATIONS.map(m => m.version) })
    } finally {
      await store.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('read-only opening of a missing database is reported, not created', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'))
    try {
      await expect(openFilingStore({ dataDir, plan: PLAN, readonly: true })).rejects.toThrow(/No existe la base de datos/)
      expect(fs.readdirSync(dataDir)).toEqual([])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('migration 3 keeps every filing of a version-2 file (with its attachment and office state) and lifts the fixed list of kinds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'))
    try {
      // A file as version 2 left it (the release before the forms said their kind).
      const old = new Database(path.join(dataDir, DB_FILE))
      old.pragma('foreign_keys = ON')
      migrate(
        old,
        MIGRATIONS.filter(m => m.version <= 2),
      )
      old.exec(`INSERT INTO consecutivos VALUES ('HC', 2025, 7);
        INSERT INTO radicaciones (radicado, tipo, recibido_en, datos) VALUES ('HC-2025-000007', 'historia', '2025-06-01T15:00:00.000Z', '{"nombre":"Luz"}');
        INSERT INTO adjuntos VALUES ('HC-2025-000007', 'pdf', 'viejo.pdf', 'a.pdf', 'application/pdf', 10, '${'c'.repeat(64)}');
        INSERT INTO tramites (radicado, estado, dias_habiles, vence, vence_original, vence_maximo, vence_traslado) VALUES ('HC-2025-000007', 'radicada', 10, '2025-06-16', '2025-06-16', '2025-06-30', '2025-06-09');`)
      expect(() => old.exec(`INSERT INTO radicaciones (radicado, tipo, recibido_en, datos) VALUES ('X', 'felicitacion', '', '{}')`)).toThrow(/CHECK/)
      old.close()

      const store = await openFilingStore({ dataDir, plan: { series: { ...PLAN.series, felicitacion: 'FEL' }, subscriptionSeries: 'SUS' } })
      try {
        expect((await store.durability()).schemaVersions).toEqual(MIGRATIONS.map(m => m.version))
        expect((await store.getTramite('HC-2025-000007'))?.vence).toBe('2025-06-16')
        expect(await store.listFilings('historia')).toEqual([
          {
            radicado: 'HC-2025-000007',
            kind: 'historia',
            recibidoEn: '2025-06-01T15:00:00.000Z',
            datos: { nombre: 'Luz' },
            adjuntos: [attachment('viejo.pdf', { nombreOriginal: 'a.pdf', tamano: 10, sha256: 'c'.repeat(64) })],
            canal: 'web',
          },
        ])
        expect(await store.createFiling({ kind: 'historia', datos: {}, now: new Date('2025-07-01T15:00:00Z') })).toBe('HC-2025-000008')
        expect(await store.createFiling({ kind: 'felicitacion', datos: {}, now: new Date('2025-07-01T15:00:00Z') })).toBe('FEL-2025-000001')
      } finally {
        await store.close()
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('SQLite: checkWritable', () => {
  it('a write lock held by another process is reported as StoreBusyError; released, the store is writable again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-check-'))
    const store = await openFilingStore({ dataDir, plan: PLAN })
    const foreign = new Database(path.join(dataDir, DB_FILE))
    try {
      foreign.exec('BEGIN EXCLUSIVE')
      await expect(store.checkWritable()).rejects.toMatchObject({ name: 'StoreBusyError' })
      foreign.exec('ROLLBACK')
      await store.checkWritable()
    } finally {
      foreign.close()
      await store.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('SQLite: history and audit are append-only', () => {
  it('the database refuses to change or delete them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'))
    const store = await openFilingStore({ dataDir, plan: PLAN })
    await store.audit({ evento: 'acceso' })
    const id = await store.createFiling({ kind: 'pqrs', datos: {} })
    await store.recordAction({
      expected: { estado: 'radicada', ampliada: false, existed: false },
      tramite: {
        radicado: id,
        estado: 'en_tramite',
        diasHabiles: 15,
        vence: '2026-04-17',
        venceOriginal: '2026-04-17',
        venceMaximo: '2026-05-11',
        venceTraslado: '2026-04-01',
        ampliada: false,
      },
      history: { radicado: id, accion: 'en_tramite', estadoNuevo: 'en_tramite', en: new Date().toISOString() },
      audit: { evento: 'accion', radicado: id },
    })
    await store.close()
    const db = new Database(path.join(dataDir, 'radicaciones.sqlite'))
    try {
      expect(() => db.prepare("UPDATE auditoria SET evento = 'otro'").run()).toThrow(/no se modifica/)
      expect(() => db.prepare('DELETE FROM auditoria').run()).toThrow(/no se borra/)
      expect(() => db.prepare('DELETE FROM historial').run()).toThrow(/no se borra/)
      expect(() => db.prepare("UPDATE historial SET texto = 'cambiado'").run()).toThrow(/no se modifica/)
    } finally {
      db.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('PostgreSQL specifics', () => {
  const urls: string[] = []
  const stores: FilingStore[] = []
  const fresh = async () => {
    const url = await freshPostgresDatabase('pgspec')
    urls.push(url)
    return url
  }
  const openPg = async (url: string, readonly = false) => {
    const s = await openFilingStore({ dataDir: os.tmpdir(), plan: PLAN, databaseUrl: url, readonly })
    stores.push(s)
    return s
  }
  const sql = async <T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query<T>(text)).rows
    } finally {
      await client.end()
    }
  }
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close()
    for (const u of urls.splice(0)) await dropPostgresDatabase(u)
  })

  it('the same migrations as SQLite (versions and names), and synchronous_commit on even where the database says off', async () => {
    // One list for both engines: every migration has its SQL for each, in the order of its version.
    expect(MIGRATIONS.filter(m => !m.sqlite.trim() || !m.postgres.trim())).toEqual([])
    expect(MIGRATIONS.map(m => m.version)).toEqual(MIGRATIONS.map(m => m.version).sort((a, b) => a - b))
    const url = await fresh()
    // An administrator (or a managed service's default) turned durable commits off for the database: the store turns them back on.
    await sql(url, `ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET synchronous_commit = off`)
    const store = await openPg(url)
    expect(store.engine).toBe('postgresql')
    expect(await store.durability()).toEqual({ synchronousCommit: 'on', schemaVersions: MIGRATIONS.map(m => m.version) })
  })

  it('several processes starting together on a new database: each migration applied once, every store usable', async () => {
    const url = await fresh()
    const all = await Promise.all(Array.from({ length: 4 }, () => openPg(url)))
    expect((await sql<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version')).map(r => r.version)).toEqual(
      MIGRATIONS.map(m => m.version),
    )
    const ids = await Promise.all(all.map(s => s.createFiling({ kind: 'pqrs', datos: {} })))
    expect(ids.map(sequence).sort()).toEqual([1, 2, 3, 4])
  })

  it('a database migrated by a newer release: served when its migrations are additive, refused with a clear message when one breaks older releases', async () => {
    const url = await fresh()
    await (await openPg(url)).close()
    // What a failed update leaves behind (docs/decisions/updates-and-releases.md): the old release keeps serving.
    await sql(url, "INSERT INTO schema_migrations VALUES (9998, 'futura', '2030-01-01T00:00:00.000Z')")
    const older = await openPg(url)
    expect(await older.createFiling({ kind: 'pqrs', datos: {} })).toMatch(/^PQRS-/)
    await older.close()
    await sql(url, `INSERT INTO schema_migrations VALUES (9999, '${BREAKS_OLDER}futura', '2030-01-02T00:00:00.000Z')`)
    await expect(openPg(url)).rejects.toThrow(
      /versión de esquema 9999, más nueva que este programa \(\d+\), con cambios que este programa no puede usar \(9999\)/,
    )
  })

  it('read-only (the export): an empty database is reported, not created; writes are refused', async () => {
    const url = await fresh()
    await expect(openPg(url, true)).rejects.toThrow(/no tiene las tablas de radicación/)
    expect(await sql(url, "SELECT to_regclass('radicaciones') AS t")).toEqual([{ t: null }])
    const writer = await openPg(url)
    const id = await writer.createFiling({ kind: 'pqrs', datos: { m: 1 } })
    const reader = await openPg(url, true)
    expect((await reader.listFilings('pqrs')).map(r => r.radicado)).toEqual([id])
    await expect(reader.createFiling({ kind: 'pqrs', datos: {} })).rejects.toThrow(/read-only/)
  })

  it('a DATABASE_URL that is not postgres:// is refused, the password never shown', async () => {
    await expect(openFilingStore({ dataDir: os.tmpdir(), plan: PLAN, databaseUrl: 'mysql://u:secreta@h/db' })).rejects.toThrow(/postgres:\/\//)
    await expect(openFilingStore({ dataDir: os.tmpdir(), plan: PLAN, databaseUrl: 'mysql://u:secreta@h/db' })).rejects.not.toThrow(/secreta/)
    await expect(openFilingStore({ dataDir: os.tmpdir(), plan: PLAN, databaseUrl: 'postgres://u:secreta@127.0.0.1:1/db' })).rejects.toThrow(
      /^No fue posible conectarse a PostgreSQL \(postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db\)/,
    )
  })

  it('the server going away mid-run: calls fail with StoreUnavailableError (answered 503), nothing half-stored; back, the series goes on without a gap', async () => {
    const url = await fresh()
    const name = new URL(url).pathname.slice(1)
    const store = await openPg(url)
    const first = await store.createFiling({ kind: 'pqrs', datos: {} })
    // As a restart or an outage does: every connection cut, no new one accepted.
    await sql(url.replace(`/${name}`, '/postgres'), `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`)
    await sql(url.replace(`/${name}`, '/postgres'), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`)
    await new Promise(r => setTimeout(r, 200))
    await expect(store.createFiling({ kind: 'pqrs', datos: {} })).rejects.toBeInstanceOf(StoreUnavailableError)
    await expect(store.findFiling(first)).rejects.toBeInstanceOf(StoreUnavailableError)
    await expect(store.subscribe('x@example.com')).rejects.toBeInstanceOf(StoreUnavailableError)
    await sql(url.replace(`/${name}`, '/postgres'), `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`)
    expect(sequence(await store.createFiling({ kind: 'pqrs', datos: {} }))).toBe(2)
    expect(await store.counts()).toEqual({ radicaciones: 2, adjuntos: 0, suscripciones: 0 })
  })

  it("COMMIT's answer lost with its connection: a committed filing is confirmed on a new connection and answered; one not committed is refused, with no gap", async () => {
    const url = await fresh()
    const store = await openPg(url)
    // The connection is cut right after COMMIT was answered by the server ('after') or right before it is sent ('before').
    const original = pg.Client.prototype.query
    let cut: 'after' | 'before' | undefined
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const query = (original as (...a: unknown[]) => Promise<unknown>).bind(this)
      if (args[0] !== 'COMMIT' || !cut) return query(...args)
      const when = cut
      cut = undefined
      const lose = () => {
        ;(this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
        throw new Error('Connection terminated unexpectedly')
      }
      return when === 'after' ? query(...args).then(lose) : Promise.resolve().then(lose)
    } as typeof original
    try {
      cut = 'after'
      const id = await store.createFiling({ kind: 'pqrs', datos: { m: 'confirmada' } })
      expect(sequence(id)).toBe(1)
      cut = 'after'
      expect((await store.subscribe('a@example.com')).nuevo).toBe(true)
      cut = 'before'
      await expect(store.createFiling({ kind: 'pqrs', datos: { m: 'perdida' } })).rejects.toBeInstanceOf(StoreUnavailableError)
    } finally {
      pg.Client.prototype.query = original
    }
    expect((await store.listFilings('pqrs')).map(r => r.datos.m)).toEqual(['confirmada'])
    expect(sequence(await store.createFiling({ kind: 'pqrs', datos: {} }))).toBe(2)
  })

  it('checkWritable: a database turned read-only is reported', async () => {
    const url = await fresh()
    const name = new URL(url).pathname.slice(1)
    const store = await openPg(url)
    await store.checkWritable()
    await sql(url.replace(`/${name}`, '/postgres'), `ALTER DATABASE "${name}" SET default_transaction_read_only = on`)
    await sql(url.replace(`/${name}`, '/postgres'), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`)
    await new Promise(r => setTimeout(r, 200))
    await expect(store.checkWritable()).rejects.toThrow(/solo admite lectura/)
  })

  it('history and audit are append-only: the database refuses to change, delete or empty them', async () => {
    const url = await fresh()
    const store = await openPg(url)
    await store.audit({ evento: 'acceso' })
    const id = await store.createFiling({ kind: 'pqrs', datos: {} })
    await store.recordAction({
      expected: { estado: 'radicada', ampliada: false, existed: false },
      tramite: {
        radicado: id,
        estado: 'en_tramite',
        diasHabiles: 15,
        vence: '2026-04-17',
        venceOriginal: '2026-04-17',
        venceMaximo: '2026-05-11',
        venceTraslado: '2026-04-01',
        ampliada: false,
      },
      history: { radicado: id, accion: 'en_tramite', estadoNuevo: 'en_tramite', en: new Date().toISOString() },
      audit: { evento: 'accion', radicado: id },
    })
    await expect(sql(url, "UPDATE auditoria SET evento = 'otro'")).rejects.toThrow(/no se modifica/)
    await expect(sql(url, 'DELETE FROM auditoria')).rejects.toThrow(/no se borra/)
    await expect(sql(url, 'TRUNCATE auditoria')).rejects.toThrow(/no se borra/)
    await expect(sql(url, 'DELETE FROM historial')).rejects.toThrow(/no se borra/)
    await expect(sql(url, "UPDATE historial SET texto = 'cambiado'")).rejects.toThrow(/no se modifica/)
    expect(await store.history(id)).toHaveLength(1)
  })
})
