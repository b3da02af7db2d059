/**
 * On a platform (plataforma.yaml) a data command never guesses the hospital (docs/decisions/platform.md, «A command
 * never guesses the site»): `respaldo`, `respaldo --verificar`, `restaurar`, `usuarios` and `export` without
 * `--sitio` are refused with the sites and the fix, even with DATA_DIR set as the service's variables file sets it,
 * and nothing is read, written or restored: not the folder DATA_DIR names, not any site's folder.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { writeTwoSites } from '../helpers/twoSites.ts'
import { ROOT } from './helpers.ts'

const dir = path.resolve('test-results/plataforma-sin-sitio')
const platformFile = path.join(dir, 'plataforma.yaml')
/** The folder the service's variables file names (despliegue/entorno.ejemplo sets DATA_DIR): no hospital's. */
const dataDir = path.join(dir, 'data-del-servicio')
const destination = path.join(dir, 'respaldos')
let archive = ''

/** Every file under a folder with its SHA-256 (nothing at all when the folder does not exist). */
function snapshot(folder: string): Record<string, string> {
  if (!fs.existsSync(folder)) return {}
  const out: Record<string, string> = {}
  for (const e of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const file = path.join(e.parentPath, e.name)
    out[path.relative(folder, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
  }
  return out
}

/** A filing of the minimal template's contact form, stored in the SQLite file of `folder`. */
async function fileIn(folder: string, nombre: string): Promise<void> {
  const store = await openFilingStore({ dataDir: folder, plan: loadFilingForms(path.join(dir, 'sitios', 'a', 'manifest')).plan })
  try {
    await store.createFiling({ kind: 'contacto', datos: { nombre, tipo: '1' } })
  } finally {
    await store.close()
  }
}

/** A command as the IT person runs it through the service's variables (DATA_DIR set), with no --sitio. */
function run(script: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, DATA_DIR: dataDir, RESPALDO_DESTINO: destination }
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'PUBLICACIONES_DIR', 'DATABASE_URL', 'NODE_ENV']) delete env[k]
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, input: 'Una-clave-larga-de-prueba-2026\n', encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr }
}

beforeAll(async () => {
  writeTwoSites(dir)
  // The service's data folder holds a database (a single hospital's, before the platform) and a backup of it…
  await fileIn(dataDir, 'Ana antes del respaldo')
  archive = (await createBackup({ dataDir, destination: path.join(dir, 'archivo'), programVersion: 'prueba' })).file
  // …and a filing newer than the backup, which a restore would take away.
  await fileIn(dataDir, 'Beto después del respaldo')
}, 60_000)

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('a platform command without --sitio, DATA_DIR set', () => {
  const commands: Array<[string, string, string[]]> = [
    ['respaldo', 'src/server/backupCommand.ts', ['--destino', destination]],
    ['respaldo --verificar', 'src/server/backupCommand.ts', ['--verificar', '<archivo>']],
    ['restaurar', 'src/server/restoreCommand.ts', ['<archivo>']],
    ['usuarios lista', 'src/server/usuarios.ts', ['lista']],
    ['usuarios crear', 'src/server/usuarios.ts', ['crear', 'intruso@hospital.gov.co', '--nombre', 'Intruso', '--rol', 'admin']],
    ['export', 'src/server/export.ts', ['contactos']],
  ]
  it.each(commands)(
    '%s: refused, naming the sites and --sitio; no folder touched',
    (_name, script, args) => {
      const before = snapshot(dataDir)
      expect(Object.keys(before)).toContain('radicaciones.sqlite')
      const r = run(
        script,
        args.map(a => (a === '<archivo>' ? archive : a)),
      )
      expect(r.status, r.out).not.toBe(0)
      expect(r.out).toContain('Esta instalación es una plataforma de varios sitios (plataforma.yaml: a, b)')
      expect(r.out).toContain('indique cuál con --sitio <id> (por ejemplo --sitio a)')
      expect(r.out).toContain(`DATA_DIR (${dataDir}) no elige el sitio`)
      expect(r.out).toContain('No se cambió nada.')
      // Nothing printed from the data (no CSV, no account listed, no backup verified or restored)…
      expect(r.out).not.toMatch(/Ana antes|Beto después|verificado|restaurado|Cuenta creada/)
      // …and nothing written: the service's folder as it was, no backup made, no site's data folder made.
      expect(snapshot(dataDir)).toEqual(before)
      expect(fs.existsSync(destination)).toBe(false)
      expect(fs.existsSync(path.join(dir, 'data'))).toBe(false)
    },
    60_000,
  )
})
