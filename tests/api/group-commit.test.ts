import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Store, type FilingKind } from '../../src/server/store/store.ts'

let dir: string
let store: Store

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'))
  store = new Store(dir)
})
afterEach(() => {
  store.db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const count = () => (store.db.prepare('SELECT COUNT(*) AS n FROM radicaciones').get() as { n: number }).n

it('filings queued together are committed together, each with its own consecutive number', async () => {
  const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => store.queueFiling('pqrs', { marca: i })))
  expect(new Set(ids).size).toBe(25)
  const numbers = ids.map((id) => Number(id.split('-')[2])).sort((a, b) => a - b)
  expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  expect(count()).toBe(25)
  const stored = store.db.prepare('SELECT radicado, datos FROM radicaciones').all() as Array<{ radicado: string; datos: string }>
  for (const [i, id] of ids.entries()) expect(JSON.parse(stored.find((r) => r.radicado === id)!.datos)).toEqual({ marca: i })
})

it('one filing that cannot be stored fails alone; the others of its batch are stored and answered', async () => {
  const results = await Promise.allSettled([
    store.queueFiling('pqrs', { marca: 'a' }),
    store.queueFiling('no-existe' as FilingKind, { marca: 'b' }),
    store.queueFiling('cita', { marca: 'c' }),
  ])
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  expect(count()).toBe(2)
})

it('a filing is answered only once it is in the database', async () => {
  const id = await store.queueFiling('historia', { marca: 'x' })
  const reopened = new Store(dir)
  try {
    expect(reopened.db.prepare('SELECT COUNT(*) AS n FROM radicaciones WHERE radicado = ?').get(id)).toEqual({ n: 1 })
  } finally {
    reopened.db.close()
  }
})
