/**
 * Files made once by whichever process starts first (the backup key, the day's secret of the rate limits): several
 * processes starting together on one data folder must all read the same, whole file. CI saw the second server of a
 * pair stop with «respaldo.clave no es una clave de respaldos» because it read the key while the first was writing it.
 * Threads stand in for processes: they share the file system the same way and start in a few milliseconds.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'

const THREADS = 4
const ROUNDS = 12
// Large enough that a file opened under its final name and then written is seen half-written by the others.
const BYTES = 8 << 20

// Each thread waits at the round's start line, then makes-or-reads the same file and reports what it read.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs')
const path = require('node:path')
;(async () => {
  const once = await import(workerData.writeFileOnce)
  const signature = await import(workerData.signature)
  const gate = new Int32Array(workerData.gate)
  for (let round = 1; round <= workerData.rounds; round++) {
    Atomics.wait(gate, 0, round - 1)
    const dir = path.join(workerData.root, String(round))
    const file = path.join(dir, 'archivo.clave')
    const mine = Buffer.alloc(workerData.bytes, workerData.id)
    let result
    try {
      once.writeFileOnce(file, mine)
      const read = fs.readFileSync(file)
      const whole = read.length === workerData.bytes && read.every(b => b === read[0])
      result = { whole, fill: read[0], key: signature.ensureBackupKey(dir).fingerprint }
    } catch (error) {
      result = { error: String(error && error.message) }
    }
    parentPort.postMessage({ round, ...result })
  }
})()
`

describe('a file made once by several processes starting together', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'escritura-unica-'))
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it('is read whole and the same by every one of them, the backup key included', async () => {
    const gate = new SharedArrayBuffer(4)
    const src = path.resolve('src/server')
    const workers = Array.from(
      { length: THREADS },
      (_, id) =>
        new Worker(workerSource, {
          eval: true,
          workerData: {
            id: id + 1,
            gate,
            root,
            rounds: ROUNDS,
            bytes: BYTES,
            writeFileOnce: path.join(src, 'writeFileOnce.ts'),
            signature: path.join(src, 'features/backup/signature.ts'),
          },
        }),
    )
    const results: Array<{ round: number; whole?: boolean; fill?: number; key?: string; error?: string }> = []
    const done = Promise.all(
      workers.map(
        w =>
          new Promise<void>((resolve, reject) => {
            let seen = 0
            w.on('message', m => {
              results.push(m)
              if (++seen === ROUNDS) resolve()
            })
            w.on('error', reject)
          }),
      ),
    )
    const view = new Int32Array(gate)
    for (let round = 1; round <= ROUNDS; round++) {
      // Every thread is waiting at the line (or about to): the round starts for all of them at once.
      while (results.length < (round - 1) * THREADS) await new Promise(r => setTimeout(r, 2))
      await new Promise(r => setTimeout(r, 20))
      Atomics.store(view, 0, round)
      Atomics.notify(view, 0)
    }
    await done
    await Promise.all(workers.map(w => w.terminate()))

    for (let round = 1; round <= ROUNDS; round++) {
      const ofRound = results.filter(r => r.round === round)
      expect(ofRound.map(r => r.error).filter(Boolean)).toEqual([])
      expect(ofRound.every(r => r.whole)).toBe(true)
      expect(new Set(ofRound.map(r => r.fill)).size).toBe(1)
      expect(new Set(ofRound.map(r => r.key)).size).toBe(1)
      // What was read is what lies on disk, and no draft is left beside it.
      expect(fs.readdirSync(path.join(root, String(round))).sort()).toEqual(['archivo.clave', 'respaldo.clave'])
    }
  })
})
