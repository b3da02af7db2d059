/**
 * Updates that cannot strand the service (docs/decisions/updates-and-releases.md): `npm ci` as the service account,
 * a failed reinstall said truthfully, a failed commit not tried again, and a wait that ends when the new code
 * reports it could not start. npm is a stand-in script (npm_execpath), never a real install.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { fastForward, npmCi, serviceNpmEnv } from '../../scripts/lib/updateCheckout.ts'
import { abandonBeforeSwitch, followService } from '../../scripts/lib/updateFollow.ts'
import { freePort } from '../../scripts/lib/updateHealth.ts'
import { failedUpdate, refuseFailedBefore, rememberFailure } from '../../scripts/lib/updateMemory.ts'
import { readPointer, writePointer } from '../../src/server/releases.ts'
import { START_FAILURE_FILE, startFailureOf } from '../../src/server/startFailure.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = path.resolve('test-results/actualizar-fallas')
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const throwing = (message: string): never => {
  throw new Error(message)
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

/** A repository with two commits: the update goes from `from` to `to`. */
function twoCommits(name: string): { root: string; from: string; to: string } {
  const root = path.join(dir, name)
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
  return { root, from, to }
}

/** npm replaced by a script that records its environment and exits with `status`. */
function fakeNpm(status: number): string {
  const record = path.join(dir, `npm-${status}.json`)
  const script = path.join(dir, `npm-${status}.mjs`)
  fs.writeFileSync(
    script,
    `import fs from 'node:fs'\nfs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args: process.argv.slice(2), env: process.env }))\nprocess.exit(${status})\n`,
  )
  process.env.npm_execpath = script
  return record
}
const realExecPath = process.env.npm_execpath
afterEach(() => {
  if (realExecPath === undefined) delete process.env.npm_execpath
  else process.env.npm_execpath = realExecPath
})

describe('npm ci during an update', () => {
  it("runs with the account's own home and none of the npm settings of the npm that started the update", () => {
    const record = fakeNpm(0)
    const env = { ...process.env, HOME: '/root', npm_config_cache: '/root/.npm', npm_config_userconfig: '/root/.npmrc', NPM_CONFIG_PREFIX: '/x' }
    expect(serviceNpmEnv(env, '/home/sitio-hospital')).toMatchObject({ HOME: '/home/sitio-hospital' })
    const saved = { ...process.env }
    Object.assign(process.env, { HOME: '/root', npm_config_cache: '/root/.npm', npm_config_userconfig: '/root/.npmrc' })
    try {
      expect(npmCi(dir)).toBe(true)
    } finally {
      for (const key of ['HOME', 'npm_config_cache', 'npm_config_userconfig']) {
        if (saved[key] === undefined) delete process.env[key]
        else process.env[key] = saved[key]
      }
    }
    const seen = JSON.parse(fs.readFileSync(record, 'utf8')) as { args: string[]; env: Record<string, string> }
    expect(seen.args[0]).toBe('ci')
    expect(seen.env.HOME).toBe(os.userInfo().homedir)
    expect(Object.keys(seen.env).filter(k => /^npm_config_/i.test(k))).toEqual([])
  })
})

describe('a failed dependency install', () => {
  it('before the switch, when the old packages cannot be reinstalled either, never says the copy is as it was', () => {
    const { root, from, to } = twoCommits('antes-del-cambio')
    fakeNpm(1)
    const dataDir = path.join(root, 'data')
    const message = abandonBeforeSwitch(root, dataDir, { from, to, depsChanged: true }, 'npm ci falló (vea los mensajes de arriba).', '1.0.0 (vieja)')
    expect(message).not.toContain('quedó como estaba')
    expect(message).toContain('no se pudieron reinstalar')
    expect(message).toContain('NO arrancaría')
    expect(message).toContain('servicio npm ci')
    expect(git(root, 'rev-parse', 'HEAD')).toBe(from)
    expect(failedUpdate(dataDir)?.codigo).toBe(to)
  })

  it('before the switch, when the old packages were reinstalled, says the copy is as it was', () => {
    const { root, from, to } = twoCommits('antes-del-cambio-bien')
    fakeNpm(0)
    const message = abandonBeforeSwitch(root, path.join(root, 'data'), { from, to, depsChanged: true }, 'npm ci falló.', '1.0.0 (vieja)')
    expect(message).toContain('la copia del programa quedó como estaba')
  })

  it('after the switch, in the switch back, says the service cannot start and how to repair it', async () => {
    const { root, from, to } = twoCommits('despues-del-cambio')
    fakeNpm(1)
    const releasesDir = path.join(root, 'publicaciones')
    const before = { actual: 'a/client', codigo: from }
    const pointer = { actual: 'b/client', anterior: before.actual, codigo: to }
    writePointer(releasesDir, pointer)
    const port = await freePort() // nothing listens: the service never came back
    const follow = followService({
      root,
      releasesDir,
      service: `http://127.0.0.1:${port}`,
      advance: { from, to, depsChanged: true },
      before,
      pointer,
      migrations: [],
      waitMs: 1000,
      version: c => c.slice(0, 7),
      fail: throwing,
    })
    await expect(follow).rejects.toThrow(/no se pudieron reinstalar[\s\S]*NO puede arrancar/)
    await expect(follow).rejects.not.toThrow(/se reinicia con ella|quedó como estaba/)
    expect(readPointer(releasesDir)).toMatchObject({ actual: before.actual, codigo: from })
  })
})

describe('the wait after the switch', () => {
  it('ends as soon as the new code reports that it could not start, with its reason', async () => {
    const { root, from, to } = twoCommits('arranque')
    const releasesDir = path.join(root, 'publicaciones')
    const before = { actual: 'a/client', codigo: from }
    const pointer = { actual: 'b/client', anterior: before.actual, codigo: to }
    writePointer(releasesDir, pointer)
    fs.writeFileSync(
      path.join(releasesDir, START_FAILURE_FILE),
      JSON.stringify({ codigo: to, fecha: '2026-11-25T10:00:00.000Z', motivo: 'falta el paquete better-sqlite3' }),
    )
    const port = await freePort()
    const started = Date.now()
    await expect(
      followService({
        root,
        releasesDir,
        service: `http://127.0.0.1:${port}`,
        advance: { from, to, depsChanged: false },
        before,
        pointer,
        migrations: [],
        waitMs: 60_000,
        version: c => c.slice(0, 7),
        fail: throwing,
      }),
    ).rejects.toThrow('la versión nueva no pudo arrancar como servicio: falta el paquete better-sqlite3.')
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(readPointer(releasesDir)).toMatchObject({ codigo: from })
  })

  it('the server that cannot start leaves that note, naming the commit the pointer asked for', () => {
    const releasesDir = path.join(dir, 'nota-de-arranque')
    writePointer(releasesDir, { actual: 'a/client', codigo: 'c0ffee' })
    const r = spawnSync(process.execPath, compiledNodeArgs('src/server/main.ts'), {
      env: { ...process.env, PORT: 'no-es-un-puerto', PUBLICACIONES_DIR: releasesDir, LOG_FILE: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(r.status).toBe(1)
    expect(startFailureOf(releasesDir, 'c0ffee')?.motivo).toBe('PORT debe ser un número entero (recibido «no-es-un-puerto»).')
  })
})

describe('a commit whose update failed', () => {
  it('is not tried again without --reintentar, and is with it', () => {
    const { root: upstream, from, to } = twoCommits('origen')
    const copy = path.join(dir, 'copia')
    git(dir, 'clone', '-q', upstream, copy)
    git(copy, 'reset', '-q', '--hard', from)
    const dataDir = path.join(copy, 'data')
    rememberFailure(dataDir, to, 'la versión nueva no pasó la verificación de salud: /salud/detalle respondió 503 (degradado).')
    const check = (retry: boolean) => (commit: string) => refuseFailedBefore(dataDir, commit, retry, commit.slice(0, 7), throwing)
    expect(() => fastForward(copy, throwing, check(false))).toThrow(/ya falló al actualizar[\s\S]*respondió 503[\s\S]*--reintentar/)
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(from)
    expect(fastForward(copy, throwing, check(true))).toMatchObject({ from, to })
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(to)
  })
})
