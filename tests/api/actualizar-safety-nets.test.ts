/**
 * The safety nets of `npm run actualizar` (docs/decisions/updates-and-releases.md), each tested where it acts: the
 * check of the new code started aside refuses a release whose `/salud/detalle` answers 503, and after the switch, a
 * service that does not come back with the new code is sent back to the old commit (checkout and pointer).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { followService } from '../../scripts/lib/updateFollow.ts'
import { checkAside } from '../../scripts/lib/updateHealth.ts'
import { readPointer, writePointer } from '../../src/server/releases.ts'

// Inside the project, so the fake server's `--import tsx` resolves.
const dir = path.resolve('test-results/actualizar-redes')
fs.rmSync(dir, { recursive: true, force: true })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** A project folder whose `src/server/main.ts` answers the health detail with `status` and `estado`, and its home page. */
function fakeRoot(name: string, status: number, estado: string): string {
  const root = path.join(dir, name)
  fs.mkdirSync(path.join(root, 'src', 'server'), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'src', 'server', 'main.ts'),
    `import http from 'node:http'
http.createServer((req, res) => {
  if (req.url === '/salud/detalle') { res.writeHead(${status}, { 'content-type': 'application/json' }); res.end(JSON.stringify({ estado: ${JSON.stringify(estado)} })); return }
  res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><title>inicio</title>')
}).listen(Number(process.env.PORT), '127.0.0.1')
`,
  )
  return root
}

describe('the check of the new code started aside', () => {
  it('refuses a release whose /salud/detalle answers 503, even with a body that says ok', async () => {
    for (const estado of ['ok', 'degradado']) {
      const root = fakeRoot(`salud-503-${estado}`, 503, estado)
      expect(await checkAside(root, 'publicacion', path.join(root, 'datos'))).toBe(`/salud/detalle respondió 503 (${estado})`)
    }
  })

  it('accepts one whose /salud/detalle answers 200 ok and whose home page loads', async () => {
    const root = fakeRoot('salud-200', 200, 'ok')
    expect(await checkAside(root, 'publicacion', path.join(root, 'datos'))).toBeUndefined()
  })
})

describe('after the switch, a service that does not come back with the new code', () => {
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

  it('is sent back: the checkout and the pointer name the old commit and the release served before', async () => {
    const root = path.join(dir, 'copia')
    fs.mkdirSync(root, { recursive: true })
    git(root, 'init', '-q')
    const commit = (text: string) => {
      fs.writeFileSync(path.join(root, 'version.txt'), text)
      git(root, 'add', '.')
      git(root, '-c', 'user.name=prueba', '-c', 'user.email=prueba@example.com', 'commit', '-qm', text)
      return git(root, 'rev-parse', 'HEAD')
    }
    const from = commit('vieja')
    const to = commit('nueva')
    const releasesDir = path.join(dir, 'publicaciones')
    const before = { actual: '2026-01-01T00-00-00/client', codigo: from }
    const pointer = { actual: '2026-02-01T00-00-00/client', anterior: before.actual, codigo: to }
    writePointer(releasesDir, pointer)
    // The service keeps answering with the old code: it never restarted with the new one.
    const service = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ estado: 'ok', codigo: from }))
    })
    await new Promise<void>(resolve => service.listen(0, '127.0.0.1', resolve))
    const port = (service.address() as { port: number }).port
    try {
      await expect(
        followService({
          root,
          releasesDir,
          service: `http://127.0.0.1:${port}`,
          advance: { from, to, depsChanged: false },
          before,
          pointer,
          migrations: [],
          waitMs: 1500,
          version: c => c.slice(0, 7),
          fail: message => {
            throw new Error(message)
          },
        }),
      ).rejects.toThrow(/^el servicio no volvió a responder con la versión nueva en 1\.5 s/)
    } finally {
      service.close()
    }
    expect(git(root, 'rev-parse', 'HEAD')).toBe(from)
    expect(readPointer(releasesDir)).toMatchObject({ actual: before.actual, codigo: from })
  })
})
