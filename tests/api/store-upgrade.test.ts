import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { openFilingStore } from '../../src/server/store/open.ts'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import type { FilingStore, NumberingPlan } from '../../src/server/store/store.ts'
import { migratePg as legacyMigratePg } from '../fixtures/legacy-store/pgMigrations.ts'
import { migrate as legacyMigrateSqlite } from '../fixtures/legacy-store/sqliteMigrations.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'

const PLAN: NumberingPlan = { series: { pqrs: 'PQRS', cita: 'CITA' }, subscriptionSeries: 'SUS' }

/**
 * Rows a hospital's database holds, written with plain SQL both engines accept ('1'/'0' are booleans in
 * PostgreSQL and integers in SQLite's STRICT tables).
 */
const ROWS = `
  INSERT INTO consecutivos (serie, anio, ultimo) VALUES ('PQRS', 2025, 7), ('SUS', 2025, 2);
  INSERT INTO cuentas (correo, nombre, rol, formularios, clave, activa, creada_en, actualizada_en, totp_secreto, totp_ultimo_paso)
    VALUES ('ana@hospital.gov.co', 'Ana', 'siau', '["pqrs"]', 'hash', '1', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', 'SECRETO', 5);
  INSERT INTO radicaciones (radicado, tipo, recibido_en, datos, codigo_hash, autorizacion_version, autorizacion_en, autorizacion_sensibles_version, autorizacion_sensibles_en, canal, registrada_por, recibida_el)
    VALUES ('PQRS-2025-000007', 'pqrs', '2025-06-01T15:00:00.000Z', '{"nombre":"Luz","tipoSolicitud":2}', 'abc', '2025-01', '2025-06-01T15:00:00.000Z', '2025-02', '2025-06-01T15:00:01.000Z', 'presencial', 1, '2025-05-30');
  INSERT INTO adjuntos (radicado, campo, archivo, nombre_original, tipo, tamano, sha256) VALUES ('PQRS-2025-000007', 'pdf', 'viejo.pdf', 'a.pdf', 'application/pdf', 10, 'cc');
  INSERT INTO suscripciones (radicado, correo, correo_normalizado, recibido_en) VALUES ('SUS-2025-000002', 'Luz@x.co', 'luz@x.co', '2025-06-01T15:00:00.000Z');
  INSERT INTO tramites (radicado, estado, dias_habiles, vence, vence_original, vence_maximo, vence_traslado, ampliada)
    VALUES ('PQRS-2025-000007', 'respondida', 15, '2025-06-20', '2025-06-20', '2025-07-14', '2025-06-04', '0');
  INSERT INTO historial (radicado, accion, estado_anterior, estado_nuevo, cuenta_id, en, texto, tardio, negada)
    VALUES ('PQRS-2025-000007', 'responder', 'radicada', 'respondida', 1, '2025-06-03T15:00:00.000Z', 'Respuesta', '0', '1');
  INSERT INTO auditoria (en, evento, cuenta_id, radicado, detalle) VALUES ('2025-06-03T15:00:00.000Z', 'accion', 1, 'PQRS-2025-000007', 'responder');
  INSERT INTO sesiones (token_hash, cuenta_id, recordar, creada_en, ultimo_uso, expira_en, inactividad_ms)
    VALUES ('t', 1, '0', '2025-06-03T15:00:00.000Z', '2025-06-03T15:00:00.000Z', '2099-01-01T00:00:00.000Z', 3600000);
  INSERT INTO recibos_pendientes (token_hash, radicado, sellado, vence_en) VALUES ('r', 'PQRS-2025-000007', 'sellado', 4102444800000);
`

/** What the store must read from ROWS, and that numbering goes on after them. */
async function expectRowsKept(store: FilingStore): Promise<void> {
  expect(await store.listFilings('pqrs')).toEqual([
    {
      radicado: 'PQRS-2025-000007',
      kind: 'pqrs',
      recibidoEn: '2025-06-01T15:00:00.000Z',
      datos: { nombre: 'Luz', tipoSolicitud: 2 },
      adjuntos: [{ campo: 'pdf', archivo: 'viejo.pdf', nombreOriginal: 'a.pdf', tipo: 'application/pdf', tamano: 10, sha256: 'cc' }],
      autorizacion: { version: '2025-01', en: '2025-06-01T15:00:00.000Z' },
      autorizacionSensibles: { version: '2025-02', en: '2025-06-01T15:00:01.000Z' },
      canal: 'presencial',
      registradaPor: { id: 1, nombre: 'Ana' },
      recibidaEl: '2025-05-30',
    },
  ])
  expect(await store.codeMatches('PQRS-2025-000007', 'abc')).toBe(true)
  expect(await store.listSubscriptions()).toEqual([{ radicado: 'SUS-2025-000002', correo: 'Luz@x.co', recibidoEn: '2025-06-01T15:00:00.000Z' }])
  expect(await store.getTramite('PQRS-2025-000007')).toMatchObject({ estado: 'respondida', vence: '2025-06-20', ampliada: false })
  expect(await store.history('PQRS-2025-000007')).toMatchObject([{ accion: 'responder', cuentaNombre: 'Ana', negada: true, tardio: false }])
  expect(await store.listAudit()).toMatchObject([{ evento: 'accion', cuentaCorreo: 'ana@hospital.gov.co', radicado: 'PQRS-2025-000007' }])
  expect(await store.findAccountByEmail('ana@hospital.gov.co')).toMatchObject({ nombre: 'Ana', formularios: ['pqrs'], activa: true, totp: 'SECRETO' })
  expect(await store.claimTotpStep(1, 5)).toBe(false)
  // biome-ignore lint/correctness/useHookAtTopLevel: a store method named use…, not a React hook
  expect((await store.useSession('t', new Date('2025-06-03T15:30:00.000Z')))?.account.correo).toBe('ana@hospital.gov.co')
  expect(await store.findReceipt('r')).toEqual({ radicado: 'PQRS-2025-000007', sellado: 'sellado' })
  // New filings and subscriptions continue the numbering: nothing is handed out twice.
  expect(await store.createFiling({ kind: 'pqrs', datos: {}, now: new Date('2025-07-01T15:00:00Z') })).toBe('PQRS-2025-000008')
  expect((await store.subscribe('otra@x.co', new Date('2025-07-01T15:00:00Z'))).id).toBe('SUS-2025-000003')
  expect((await store.subscribe('LUZ@x.co')).id).toBe('SUS-2025-000002')
}

describe('a database created by the releases before the one migration list upgrades and keeps every row', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })

  it('SQLite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-upgrade-'))
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
    const old = new Database(path.join(dataDir, DB_FILE))
    old.pragma('journal_mode = WAL')
    old.pragma('foreign_keys = ON')
    const legacyVersions = legacyMigrateSqlite(old)
    old.exec(ROWS)
    old.close()
    const store = await openFilingStore({ dataDir, plan: PLAN })
    cleanups.push(() => store.close())
    expect((await store.durability()).schemaVersions).toEqual(expect.arrayContaining(legacyVersions))
    await expectRowsKept(store)
  })

  it('PostgreSQL', async () => {
    const url = await freshPostgresDatabase('upgrade')
    cleanups.push(() => dropPostgresDatabase(url))
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const legacyVersions = await legacyMigratePg(client as unknown as pg.PoolClient)
    await client.query(ROWS)
    await client.end()
    const store = await openFilingStore({ dataDir: os.tmpdir(), plan: PLAN, databaseUrl: url })
    cleanups.push(() => store.close())
    expect((await store.durability()).schemaVersions).toEqual(expect.arrayContaining(legacyVersions))
    await expectRowsKept(store)
  })
})
