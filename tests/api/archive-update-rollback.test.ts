/**
 * After an update from a release archive switched the link `actual` (docs/decisions/updates-and-releases.md,
 * «Installing from an archive», step 7): the service answering with the new commit ends the wait; a service that
 * keeps the old commit, or whose new code noted a failed start, sends the link and the pointer back to the previous
 * copy, remembers the failed commit and says so. A stand-in service on loopback, in-process: no real archive.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type ArchiveUpdate, followArchiveService, switchLink } from '../../scripts/lib/packageInstall.ts'
import { failedUpdate } from '../../scripts/lib/updateMemory.ts'
import { type Pointer, readPointer, writePointer } from '../../src/server/releases.ts'
import { recordStartFailure } from '../../src/server/startFailure.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'paquete-vuelta-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const A = { version: '1.0.0', commit: 'a'.repeat(40), fecha: '', node: '' }
const B = { version: '1.1.0', commit: 'b'.repeat(40), fecha: '', node: '' }
let service: http.Server | undefined
afterEach(() => service?.close())

/** A service whose `/salud/detalle` names `codigo`. */
async function standIn(codigo: string): Promise<string> {
  service = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ estado: 'ok', codigo }))
  })
  await new Promise<void>(r => service!.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(service.address() as AddressInfo).port}`
}

/** An installation just switched from A to B: both version folders, the link on B, the pointer naming B. */
function switched(name: string): { u: ArchiveUpdate; before: Pointer; pointer: Pointer; wasDir: string } {
  const base = path.join(work, name)
  const dir = (info: typeof A) => path.join(base, 'versiones', `${info.version}-${info.commit.slice(0, 10)}`)
  for (const info of [A, B]) {
    fs.mkdirSync(dir(info), { recursive: true })
    fs.writeFileSync(path.join(dir(info), 'paquete.json'), JSON.stringify(info))
  }
  switchLink(base, path.relative(base, dir(B)))
  const releasesDir = path.join(base, 'publicaciones')
  fs.mkdirSync(releasesDir)
  const before: Pointer = { actual: 'r1/client', codigo: A.commit }
  const pointer: Pointer = { actual: 'r2/client', anterior: 'r1/client', codigo: B.commit }
  writePointer(releasesDir, pointer)
  const u: ArchiveUpdate = {
    file: '',
    base,
    dataDir: path.join(base, 'data'),
    releasesDir,
    allowOlder: false,
    retry: false,
    keep: 5,
    service: '',
    waitMs: 1500,
    env: {},
    fail: (message: string) => {
      throw new Error(message)
    },
  }
  fs.mkdirSync(u.dataDir)
  return { u, before, pointer, wasDir: dir(A) }
}

describe('after the switch to an archive', () => {
  it('ends the wait as soon as the service answers with the new commit, and leaves the link on it', async () => {
    const { u, before, pointer, wasDir } = switched('vuelve')
    u.service = await standIn(B.commit)
    await followArchiveService(u, { dir: wasDir, info: A }, B, pointer, before)
    expect(fs.readlinkSync(path.join(u.base, 'actual'))).toBe(path.join('versiones', '1.1.0-bbbbbbbbbb'))
    expect(readPointer(u.releasesDir)).toEqual(pointer)
  })

  it('goes back to the previous copy when the service keeps the old commit, and says so', async () => {
    const { u, before, pointer, wasDir } = switched('no-vuelve')
    u.service = await standIn(A.commit)
    await expect(followArchiveService(u, { dir: wasDir, info: A }, B, pointer, before)).rejects.toThrow(
      `el servicio no volvió a responder con la versión nueva en 1.5 s. Se volvió a la versión 1.0.0 (aaaaaaaaaa), carpeta ${wasDir}, y a la publicación anterior`,
    )
    expect(fs.readlinkSync(path.join(u.base, 'actual'))).toBe(path.join('versiones', '1.0.0-aaaaaaaaaa'))
    expect(readPointer(u.releasesDir)).toEqual({ actual: 'r1/client', codigo: A.commit })
    expect(failedUpdate(u.dataDir)?.codigo).toBe(B.commit)
  })

  it('goes back at once when the new code notes a failed start, with its reason', async () => {
    const { u, before, pointer, wasDir } = switched('no-arranca')
    u.service = await standIn(A.commit)
    u.waitMs = 60_000
    recordStartFailure(u.releasesDir, 'falta el paquete pino')
    const started = Date.now()
    await expect(followArchiveService(u, { dir: wasDir, info: A }, B, pointer, before)).rejects.toThrow(
      'la versión nueva no pudo arrancar como servicio: falta el paquete pino. Se volvió a la versión 1.0.0 (aaaaaaaaaa)',
    )
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(fs.readlinkSync(path.join(u.base, 'actual'))).toBe(path.join('versiones', '1.0.0-aaaaaaaaaa'))
  })

  it('on a fresh installation says there is no previous copy, and does not claim one', async () => {
    const { u, before, pointer } = switched('primera')
    u.service = await standIn(A.commit)
    await expect(followArchiveService(u, undefined, B, pointer, before)).rejects.toThrow(
      'el servicio no volvió a responder con la versión nueva en 1.5 s. No había una versión anterior instalada a la cual volver',
    )
  })
})
