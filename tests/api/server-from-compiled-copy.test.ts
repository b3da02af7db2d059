/**
 * The tests start the server from its compiled copy (tests/helpers/compiledCommand.ts; docs/decisions/testing.md,
 * «Commands run from a compiled copy»): that copy must find the files beside its sources as the server run through
 * tsx does, the office's style sheet and the program's root with its version and commit (src/server/version.ts).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleDir } from '../../scripts/lib/commandBundle.mjs'
import { type ChildServer, ROOT, startChild, tempDataDir } from './helpers.ts'

let server: ChildServer
beforeAll(async () => {
  server = await startChild(tempDataDir('copia-compilada'))
}, 120_000)
afterAll(() => server?.close())

describe('the server started from its compiled copy', () => {
  it('is that copy, not the TypeScript source', () => {
    expect(server.proc.spawnargs).not.toContain('tsx')
    expect(path.dirname(server.proc.spawnargs[1]!)).toBe(bundleDir(ROOT))
  })

  it("serves the office's style sheet, read beside its source", async () => {
    const res = await fetch(`${server.url}/oficina/oficina.css`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(fs.readFileSync(path.join(ROOT, 'src/server/features/office/oficina.css'), 'utf8'))
  })

  it("reports the program's version and commit, read from the program's root", async () => {
    const body = (await (await fetch(`${server.url}/salud/detalle`)).json()) as { version: string; codigo: string | null }
    expect(body.version).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version)
    expect(body.codigo).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim())
  })
})
