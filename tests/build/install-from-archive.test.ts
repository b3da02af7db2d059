/**
 * A server installed from a release archive, with no build tools (docs/decisions/updates-and-releases.md,
 * «Installing from an archive»): the archive made from this project (its program compiled, the built `dist/` the API
 * tests already use: no site build here), installed by `actualizar --paquete` into a temporary root, started with
 * `node` alone from the installed folder, taking a PQRSD and showing its receipt. Then archives the installed
 * program's own `actualizar` (compiled, no tsx) must refuse without changing anything: one byte changed, a member named «../x», an older version; and a newer one that
 * fails its check aside, which leaves the installed copy in service and says so.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { create } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimePackages } from '../../scripts/lib/releaseCompile.ts'
import { makePackage, sha256Of } from '../../scripts/lib/releasePackage.ts'
import { programCommit, programVersion } from '../../src/server/version.ts'
import { freePort, ROOT, validPqrs } from '../api/helpers.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'paquete-instalado-'))
const base = path.join(work, 'sitio-hospital')
const dataDir = path.join(base, 'data')
const releasesDir = path.join(base, 'publicaciones')
const commit = programCommit(ROOT)!
const version = programVersion()
let archive = ''
let port = 0
let server: ChildProcess | undefined

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLICACIONES_DIR: releasesDir, HOST: '127.0.0.1', PORT: String(port) }
  for (const k of ['DATABASE_URL', 'BUILD_OUT_DIR', 'MANIFEST_DIR', 'SERVICIO_SUPERVISADO']) delete e[k]
  return { ...e, LOG_LEVEL: 'warn', LOG_FILE: '', RESPALDO_HORA: 'no', RATE_LIMIT_MAX: '1000' }
}

/** `actualizar --paquete`, run with node (tsx from this checkout, as the installed copy runs its compiled one). */
function actualizar(file: string, ...extra: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/actualizar.ts', '--paquete', file, '--raiz', base, ...extra], {
    cwd: ROOT,
    env: env(),
    encoding: 'utf8',
  })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

/** The installed program's own `actualizar` (compiled, run by node in `actual`, its root found from there), as `servicio npm run actualizar` runs it. */
function installedActualizar(file: string, ...extra: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['scripts/actualizar.js', '--paquete', file, ...extra], {
    cwd: path.join(base, 'actual'),
    env: env(),
    encoding: 'utf8',
  })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

/** What an update may change outside the data folder: the versions, the link, the releases and the pointer. */
function installation(): string {
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort().join(',') : '-')
  const pointer = path.join(releasesDir, 'actual.json')
  return [
    list(base),
    list(path.join(base, 'versiones')),
    fs.readlinkSync(path.join(base, 'actual')),
    list(releasesDir),
    fs.existsSync(pointer) ? fs.readFileSync(pointer, 'utf8') : '-',
  ].join('\n')
}

/** The archive's `.sha256` beside a copy: same sum line, so only the archive's own bytes decide. */
function withSum(file: string): string {
  fs.writeFileSync(`${file}.sha256`, `${sha256Of(file)}  ${path.basename(file)}\n`)
  return file
}

beforeAll(async () => {
  port = await freePort()
  archive = await makePackage(
    ROOT,
    path.join(work, 'paquetes'),
    { version, commit, fecha: '2026-11-25T10:00:00.000Z', node: process.version },
    runtimePackages(ROOT),
  )
}, 180_000)

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise(r => server!.once('exit', r))
  }
  fs.rmSync(work, { recursive: true, force: true })
})

describe('installing from a release archive', () => {
  it('installs into a fresh root without build tools; node alone serves it and takes a PQRSD with its receipt', async () => {
    const { status, out } = actualizar(archive)
    expect(out).toContain(`✓ Instalado desde el paquete: versión ${version} (${commit.slice(0, 10)}).`)
    expect(status).toBe(0)
    const program = path.join(base, 'actual')
    expect(fs.realpathSync(program)).toBe(path.join(fs.realpathSync(base), 'versiones', `${version}-${commit.slice(0, 10)}`))
    for (const tool of ['vite', 'typescript', 'tsx', 'esbuild']) expect(fs.existsSync(path.join(program, 'node_modules', tool)), tool).toBe(false)
    expect(fs.existsSync(path.join(program, 'src/server/main.ts'))).toBe(false)

    server = spawn(process.execPath, ['src/server/main.js'], { cwd: program, env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
    let log = ''
    server.stderr!.on('data', (d: Buffer) => (log += d.toString()))
    const url = `http://127.0.0.1:${port}`
    let detail: { estado?: string; version?: string; codigo?: string } | undefined
    for (let i = 0; i < 240 && !detail; i++) {
      if (server.exitCode !== null) throw new Error(`el servidor instalado terminó al iniciar:\n${log}`)
      detail = await fetch(`${url}/salud/detalle`)
        .then(r => r.json() as Promise<typeof detail>)
        .catch(() => undefined)
      if (!detail) await new Promise(r => setTimeout(r, 250))
    }
    expect(detail).toMatchObject({ estado: 'ok', version, codigo: commit })
    expect((await fetch(`${url}/`)).status).toBe(200)

    const posted = await fetch(`${url}/api/pqrs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: url, referer: `${url}/pqrsd` },
      body: new URLSearchParams(Object.entries(validPqrs()).map(([k, v]) => [k, String(v)])),
      redirect: 'manual',
    })
    expect(posted.status).toBe(303)
    const receipt = await (await fetch(new URL(posted.headers.get('location')!, url))).text()
    expect(receipt).toMatch(/PQRSD creado exitosamente con número de radicado: PQRS-\d{4}-\d{6}/)
    expect(receipt).toMatch(/Código de verificación: <span class="codigo-verificacion">[A-Z2-9]{5}-[A-Z2-9]{5}<\/span>/)

    server.kill('SIGTERM')
    await new Promise(r => server!.once('exit', r))
  }, 300_000)

  it('refuses an archive with one byte changed, and changes nothing', () => {
    const before = installation()
    const tampered = path.join(work, 'alterado.tar.gz')
    const bytes = fs.readFileSync(archive)
    const middle = bytes.length >> 1
    bytes[middle] = bytes[middle]! ^ 0xff
    fs.writeFileSync(tampered, bytes)
    fs.copyFileSync(`${archive}.sha256`, `${tampered}.sha256`)
    const { status, out } = installedActualizar(tampered)
    expect(out).toContain(
      '✗ la suma SHA-256 del paquete no coincide con alterado.tar.gz.sha256: el archivo está dañado o no es el que se publicó. No se instaló nada.',
    )
    expect(status).toBe(1)
    expect(installation()).toBe(before)
  })

  it('refuses an archive with a member named «../x», writes nothing outside, and changes nothing', () => {
    const before = installation()
    const members = path.join(work, 'miembros', 'dentro')
    fs.mkdirSync(members, { recursive: true })
    fs.writeFileSync(path.join(members, 'paquete.json'), JSON.stringify({ version: '9.0.0', commit: 'e'.repeat(40), fecha: '', node: '' }))
    fs.writeFileSync(path.join(work, 'miembros', 'x'), 'intruso')
    const file = path.join(work, 'intruso.tar.gz')
    create({ file, cwd: members, gzip: true, sync: true, preservePaths: true }, ['paquete.json', '../x'])
    withSum(file)
    const { status, out } = installedActualizar(file)
    expect(out).toContain('✗ el paquete trae entradas que saldrían de su carpeta (../x): no es un paquete de npm run empaquetar. No se instaló nada.')
    expect(status).toBe(1)
    expect(fs.existsSync(path.join(base, 'x'))).toBe(false)
    expect(fs.existsSync(path.join(base, 'versiones', 'x'))).toBe(false)
    expect(installation()).toBe(before)
  })

  it('refuses an older version unless told to; told to, one that fails its check aside leaves the installed copy in service', () => {
    const before = installation()
    const members = path.join(work, 'anterior')
    fs.mkdirSync(members, { recursive: true })
    fs.writeFileSync(path.join(members, 'paquete.json'), JSON.stringify({ version: '0.9.0', commit: 'd'.repeat(40), fecha: '', node: '' }))
    // A program that cannot start: its check aside fails before any switch.
    for (const [name, text] of [
      ['src/server/main.js', "console.error('no arranca'); process.exit(3)"],
      ['dist/client/index.html', '<!doctype html>'],
      ['dist/client/404.html', '<!doctype html>'],
    ]) {
      fs.mkdirSync(path.dirname(path.join(members, name!)), { recursive: true })
      fs.writeFileSync(path.join(members, name!), text!)
    }
    const file = path.join(work, 'anterior.tar.gz')
    create({ file, cwd: members, gzip: true, sync: true }, ['paquete.json', 'src', 'dist'])
    withSum(file)
    const refused = installedActualizar(file)
    expect(refused.out).toContain(
      `✗ el paquete trae la versión 0.9.0, anterior a la instalada (${version}): no se instala una versión anterior sin --permitir-anterior`,
    )
    expect(refused.status).toBe(1)
    expect(installation()).toBe(before)

    // Told to: the backup is taken by the installed program, then the archive (no server in it) fails aside.
    const tried = installedActualizar(file, '--permitir-anterior')
    expect(tried.out).toContain('la versión nueva no pasó la verificación de salud: la nueva versión terminó al iniciar:\n    no arranca')
    expect(tried.out).toContain(`No se cambió nada: sigue instalada la versión ${version} (${commit.slice(0, 10)}).`)
    expect(tried.status).toBe(1)
    expect(installation()).toBe(before)
    expect(fs.readdirSync(path.join(dataDir, 'respaldos')).some(f => f.endsWith('.tar.gz') || f.includes('respaldo'))).toBe(true)
  }, 180_000)
})
