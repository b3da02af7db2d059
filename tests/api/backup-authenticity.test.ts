/**
 * Backups one can trust (docs/decisions/backups.md, «Authenticity» and «The release pointer»): an archive is
 * authenticated by the installation's key before anything in it is read; its manifest cannot name a file outside it;
 * what a restore writes is private; the release pointer is rebuilt from the releases on disk, never copied, and the
 * server never serves a file outside the release it serves. SQLite stores (the PostgreSQL rows: backup-rows-as-data).
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import Fastify from 'fastify'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BackupManifest, createBackup } from '../../src/server/features/backup/archive.ts'
import { restoreBackup } from '../../src/server/features/backup/restore.ts'
import { type BackupKey, installationKey, signArchive, TRAILER_LENGTH } from '../../src/server/features/backup/signature.ts'
import { verifyBackup } from '../../src/server/features/backup/verify.ts'
import { staticFiles } from '../../src/server/features/content/staticFiles.ts'
import { fixedSiteRoot, writePointer } from '../../src/server/releases.ts'
import { Client, ROOT, startInProcess, validPqrs } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const PDF = Buffer.from('%PDF-1.4\n% carta\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const tmpDirs: string[] = []
const tmp = (label: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `autenticidad-${label}-`))
  tmpDirs.push(d)
  return d
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true })
})

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')

/** Two releases on disk (r1 served when the backup is made), each a tiny site. */
function releases(): string {
  const dir = tmp('publicaciones')
  for (const r of ['r1', 'r2']) {
    fs.mkdirSync(path.join(dir, r, 'client'), { recursive: true })
    fs.writeFileSync(path.join(dir, r, 'client', 'index.html'), `<!doctype html><title>${r}</title>`)
    fs.writeFileSync(path.join(dir, r, 'client', '404.html'), '<!doctype html><title>No encontrada</title>')
  }
  writePointer(dir, { actual: 'r1/client' })
  return dir
}

let dataDir: string
let releasesDir: string
let archive: string
let key: BackupKey

/** One filing with a PDF, backed up with the release pointer: the archive every test below starts from. */
beforeAll(async () => {
  const server = await startInProcess({ label: 'autenticidad' })
  try {
    const form = new FormData()
    for (const [k, v] of Object.entries(validPqrs())) form.append(k, String(v))
    form.append('adjuntos', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'carta.pdf')
    expect((await (await new Client(server.url).init()).postForm('/api/pqrs', form)).status).toBe(200)
  } finally {
    await server.close()
  }
  dataDir = server.dataDir
  releasesDir = releases()
  archive = (await createBackup({ dataDir, releasesDir, destination: tmp('destino'), programVersion: 'prueba' })).file
  key = installationKey(dataDir)!
}, 120_000)

/** The archive unpacked as plain tar (no check), for a test to edit. */
async function opened(): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = tmp('abierto')
  await tar.extract({ file: archive, cwd: dir })
  return { dir, manifest: JSON.parse(fs.readFileSync(path.join(dir, 'manifiesto.json'), 'utf8')) as BackupManifest }
}

/** Packs an edited folder again (the manifest as given), signed with `signer` when given. */
async function repack(dir: string, manifest: BackupManifest, signer?: BackupKey): Promise<string> {
  fs.writeFileSync(path.join(dir, 'manifiesto.json'), JSON.stringify(manifest))
  const file = path.join(tmp('editado'), 'respaldo-20260101-000000Z.tar.gz')
  const entries = ['manifiesto.json', ...manifest.archivos.map(a => a.ruta).filter(r => fs.existsSync(path.join(dir, r)))]
  await tar.create({ gzip: true, file, cwd: dir, portable: true }, entries)
  if (signer) signArchive(file, signer)
  return file
}

/** The manifest's size and checksum of each file recomputed, as someone editing an archive would. */
const rechecksummed = (dir: string, manifest: BackupManifest): BackupManifest => ({
  ...manifest,
  archivos: manifest.archivos
    .filter(a => fs.existsSync(path.join(dir, a.ruta)))
    .map(a => ({ ...a, bytes: fs.statSync(path.join(dir, a.ruta)).size, sha256: sha256(path.join(dir, a.ruta)) })),
})

function command(file: 'backupCommand' | 'restoreCommand', args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, compiledNodeArgs(`src/server/${file}.ts`, args), {
    cwd: ROOT,
    env: { ...process.env, PUBLICACIONES_DIR: releasesDir, ...env },
    encoding: 'utf8',
  })
  return { status: r.status, out: r.stdout + r.stderr }
}

const filings = (dir: string) => {
  const db = new Database(path.join(dir, 'radicaciones.sqlite'), { readonly: true })
  try {
    return db.prepare('SELECT radicado, datos FROM radicaciones ORDER BY radicado').all()
  } finally {
    db.close()
  }
}

describe('an archive is authenticated before anything in it is read', () => {
  it('one byte changed anywhere in the archive: refused by its signature, before it is decompressed', async () => {
    const bytes = fs.readFileSync(archive)
    const file = path.join(tmp('un-byte'), path.basename(archive))
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01
    fs.writeFileSync(file, bytes)
    const check = await verifyBackup(file, key)
    expect(check.ok).toBe(false)
    expect(check.problems.join(' ')).toContain('fue modificado después de hecho (su firma no coincide con su contenido)')
    const target = tmp('un-byte-destino')
    await expect(restoreBackup(file, { dataDir: target, key })).rejects.toThrow('fue modificado después de hecho')
    expect(fs.readdirSync(target)).toEqual([])
  })

  it('an edited database with its checksums recomputed: refused by --verificar and by restaurar, nothing restored', async () => {
    const { dir, manifest } = await opened()
    const db = new Database(path.join(dir, 'radicaciones.sqlite'))
    db.prepare("UPDATE radicaciones SET datos = json_set(datos, '$.descripcion', 'texto cambiado')").run()
    db.close()
    // The original signature kept at the end, as someone without the key could do.
    const file = await repack(dir, rechecksummed(dir, manifest))
    const original = fs.readFileSync(archive)
    fs.appendFileSync(file, original.subarray(original.length - TRAILER_LENGTH))

    const checked = command('backupCommand', ['--verificar', file], { DATA_DIR: dataDir })
    expect(checked.status).toBe(1)
    expect(checked.out).toContain('fue modificado después de hecho')
    const before = filings(dataDir)
    const restored = command('restoreCommand', [file], { DATA_DIR: dataDir })
    expect(restored.status).toBe(2)
    expect(restored.out).toMatch(/^No se restauró nada: .*fue modificado después de hecho/)
    expect(filings(dataDir)).toEqual(before)
  }, 60_000)

  it("another installation's backup: refused with this one's key, opened with its key named by --clave (a file, never the key itself)", async () => {
    const other = tmp('otra-instalacion')
    fs.writeFileSync(path.join(other, 'respaldo.clave'), `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 })
    const refused = command('backupCommand', ['--verificar', archive], { DATA_DIR: other })
    expect(refused.status).toBe(1)
    expect(refused.out).toContain('se firmó con otra clave')
    const named = command('backupCommand', ['--verificar', archive, '--clave', path.join(dataDir, 'respaldo.clave')], { DATA_DIR: other })
    expect(named.out).toContain('verificado')
    expect(named.status).toBe(0)
  }, 60_000)

  it('--verificar compares every checksum even when the sizes match (an authentic archive whose file differs from its manifest)', async () => {
    const { dir, manifest } = await opened()
    const attachment = manifest.archivos.find(a => a.ruta.startsWith('adjuntos/'))!
    const file = path.join(dir, attachment.ruta)
    const bytes = fs.readFileSync(file)
    bytes[bytes.length - 2]! ^= 0x01
    fs.writeFileSync(file, bytes)
    const check = await verifyBackup(await repack(dir, manifest, key), key)
    expect(check.ok).toBe(false)
    expect(check.problems).toContain(`${attachment.ruta} no coincide con el manifiesto (tamaño o suma SHA-256)`)
  })

  it('a manifest naming a file outside the archive (../…, or an absolute path) is refused, the file never read', async () => {
    const { dir, manifest } = await opened()
    const root = tmp('raiz-verificacion')
    const secret = path.join(root, 'secreto.txt')
    fs.writeFileSync(secret, 'fuera del respaldo')
    for (const ruta of ['../secreto.txt', secret]) {
      const crafted = { ...manifest, archivos: [...manifest.archivos, { ruta, bytes: fs.statSync(secret).size, sha256: sha256(secret) }] }
      const check = await verifyBackup(await repack(dir, crafted, key), key, root)
      expect(check.ok).toBe(false)
      expect(check.problems.join(' ')).toContain('el manifiesto nombra un archivo fuera del respaldo')
    }
  })

  it('a site backup is refused by a restore that names no site (the manifest records the site)', async () => {
    const { dir, manifest } = await opened()
    const target = tmp('sitio-destino')
    const file = await repack(dir, { ...manifest, sitio: 'b' }, key)
    await expect(restoreBackup(file, { dataDir: target, key })).rejects.toThrow('el respaldo es del sitio «b» de una plataforma; restáurelo con --sitio b')
    expect(fs.existsSync(path.join(target, 'radicaciones.sqlite'))).toBe(false)
  })
})

describe('what a restore writes', () => {
  it('the database and attachments are 0600, their folder 0700', async () => {
    const target = tmp('modos')
    await restoreBackup(archive, { dataDir: target, key })
    const mode = (p: string) => (fs.statSync(path.join(target, p)).mode & 0o777).toString(8)
    expect(mode('radicaciones.sqlite')).toBe('600')
    expect(mode('adjuntos')).toBe('700')
    const files = fs.readdirSync(path.join(target, 'adjuntos'))
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) expect(mode(`adjuntos/${f}`)).toBe('600')
  })
})

describe('the release pointer is rebuilt, never copied', () => {
  /** A server of `releasesDir` (no database needed for its static files). */
  const serve = (dir: string) => startInProcess({ label: 'puntero', releasesDir: dir })

  it('a backup whose pointer names «/»: the restore keeps the served release, and GET /etc/passwd answers 404', async () => {
    const { dir, manifest } = await opened()
    fs.writeFileSync(path.join(dir, 'publicaciones', 'actual.json'), JSON.stringify({ actual: '/' }))
    const file = await repack(dir, rechecksummed(dir, { ...manifest, publicacion: '/' }), key)
    const target = tmp('puntero-raiz')
    const result = await restoreBackup(file, { dataDir: target, releasesDir, key })
    expect(result.pointer).toBe('not-on-disk')
    expect(JSON.parse(fs.readFileSync(path.join(releasesDir, 'actual.json'), 'utf8')).actual).toBe('r1/client')
    const server = await serve(releasesDir)
    try {
      expect((await fetch(`${server.url}/etc/passwd`)).status).toBe(404)
      expect(await (await fetch(`${server.url}/`)).text()).toContain('<title>r1</title>')
    } finally {
      await server.close()
    }
  }, 60_000)

  it('a pointer on disk naming a folder outside the releases (written by hand, or by an old restore) is never followed', async () => {
    const dir = releases()
    for (const actual of ['/', '..', '../..', 'r2/../..']) {
      fs.writeFileSync(path.join(dir, 'actual.json'), JSON.stringify({ actual, anterior: 'r1/client' }))
      const server = await serve(dir)
      try {
        // Through the server's own request handling, without a socket (the answer is what is checked).
        expect((await server.app.inject({ method: 'GET', url: '/etc/passwd' })).statusCode, actual).toBe(404)
      } finally {
        await server.close()
      }
    }
  }, 60_000)

  it('a link inside the served release to a file outside it is not served', async () => {
    const dir = releases()
    fs.symlinkSync('/etc/passwd', path.join(dir, 'r1', 'client', 'claves.txt'))
    // The static files alone (no store, no network): what they answer for the link.
    const app = Fastify()
    await app.register(staticFiles, { root: fixedSiteRoot(path.join(dir, 'r1', 'client')), redirects: new Map() })
    try {
      expect((await app.inject({ method: 'GET', url: '/claves.txt' })).statusCode).toBe(404)
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('a backup without its pointer file restores, and says the pointer was not restored: the served release stays', async () => {
    const { dir, manifest } = await opened()
    fs.rmSync(path.join(dir, 'publicaciones'), { recursive: true })
    const file = await repack(dir, { ...manifest, archivos: manifest.archivos.filter(a => !a.ruta.startsWith('publicaciones/')) }, key)
    const served = releases()
    writePointer(served, { actual: 'r2/client', anterior: 'r1/client' })
    const result = await restoreBackup(file, { dataDir: tmp('sin-puntero'), releasesDir: served, key })
    expect(result.pointer).toBe('none-in-backup')
    expect(JSON.parse(fs.readFileSync(path.join(served, 'actual.json'), 'utf8'))).toEqual({ actual: 'r2/client', anterior: 'r1/client' })
    // What the IT person reads: no claim that a release was put back.
    const told = command('restoreCommand', [file, '--clave', path.join(dataDir, 'respaldo.clave')], {
      DATA_DIR: path.join(tmp('sin-puntero-comando'), 'data'),
      PUBLICACIONES_DIR: served,
    })
    expect(told.status, told.out).toBe(0)
    expect(told.out).toContain('El respaldo no registra ninguna publicación: se sigue sirviendo la actual.')
    expect(told.out).not.toContain('Publicación servida')
  }, 60_000)

  it("a backup with its pointer: a fresh pointer names the backup's release, the one served until now becomes the previous one", async () => {
    const served = releases()
    writePointer(served, { actual: 'r2/client', codigo: 'abc123' })
    const result = await restoreBackup(archive, { dataDir: tmp('con-puntero'), releasesDir: served, key })
    expect(result.pointer).toBe('restored')
    expect(JSON.parse(fs.readFileSync(path.join(served, 'actual.json'), 'utf8'))).toEqual({ actual: 'r1/client', anterior: 'r2/client', codigo: 'abc123' })
  })
})
