/**
 * Release archives (`npm run empaquetar`): the program as the server runs it, made on a build machine, so the
 * server needs no Vite and no compiler (docs/decisions/updates-and-releases.md, «Release archives»). An archive is
 * `<nombre>.tar.gz` plus `<nombre>.tar.gz.sha256` (sha256sum's format); inside: the server's sources (run by tsx, a
 * production dependency), the built site (`dist/`), the production packages only, and `paquete.json` (version,
 * commit, date, Node). An archive handed to the server is data: its checksum is verified before anything is
 * unpacked, and it is unpacked into a new folder without owners or absolute paths.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PACKAGE_INFO_FILE } from '../../src/server/version.ts'

/** What the server needs at run time, besides the packages: sources, content, the built site, deployment files. */
export const PROGRAM_ENTRIES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'CHANGELOG.md',
  'src',
  'scripts',
  'manifest',
  'public',
  'schemas',
  'despliegue',
  'docs',
  'dist',
]

export interface PackageInfo {
  version: string
  commit: string
  fecha: string
  node: string
}

/** The production packages' folders relative to `root`, from `npm ls --omit=dev --parseable --all` output (nested ones dropped). */
export function productionFolders(root: string, npmLsOutput: string): string[] {
  const folders = npmLsOutput
    .split('\n')
    .map(l => l.trim())
    .filter(l => l && path.resolve(l) !== path.resolve(root))
    .map(l => path.relative(root, l))
    .filter(rel => rel.startsWith(`node_modules${path.sep}`))
    .sort()
  return folders.filter((f, i) => !folders.slice(0, i).some(parent => f.startsWith(`${parent}${path.sep}`)))
}

function tar(args: string[]): void {
  const r = spawnSync('tar', args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`tar falló: ${(r.stderr || r.stdout || '').trim()}`)
}

export function sha256Of(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

/** Writes `<outDir>/sitio-hospital-<version>.tar.gz` and its `.sha256`; returns the archive's path. */
export function makePackage(root: string, outDir: string, info: PackageInfo, packages: readonly string[]): string {
  const missing = PROGRAM_ENTRIES.filter(e => e === 'dist' && !fs.existsSync(path.join(root, 'dist', 'client', 'index.html')))
  if (missing.length) throw new Error('falta el sitio compilado (dist/client): ejecute antes npm run build.')
  const meta = fs.mkdtempSync(path.join(os.tmpdir(), 'paquete-'))
  try {
    fs.writeFileSync(path.join(meta, PACKAGE_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`)
    fs.mkdirSync(outDir, { recursive: true })
    const file = path.join(outDir, `sitio-hospital-${info.version}-${info.commit.slice(0, 10)}.tar.gz`)
    const entries = PROGRAM_ENTRIES.filter(e => fs.existsSync(path.join(root, e)))
    tar(['-czf', file, '--exclude=dist/server', '-C', root, ...entries, ...packages, '-C', meta, PACKAGE_INFO_FILE])
    fs.writeFileSync(`${file}.sha256`, `${sha256Of(file)}  ${path.basename(file)}\n`)
    return file
  } finally {
    fs.rmSync(meta, { recursive: true, force: true })
  }
}

/** Refuses an archive whose `.sha256` is missing or does not match; Spanish messages. */
export function verifyPackage(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`no existe el paquete ${file}.`)
  const sumFile = `${file}.sha256`
  if (!fs.existsSync(sumFile)) throw new Error(`falta ${path.basename(sumFile)} junto al paquete: sin la suma de verificación no se instala.`)
  const expected = fs.readFileSync(sumFile, 'utf8').trim().split(/\s+/)[0]?.toLowerCase()
  if (expected !== sha256Of(file))
    throw new Error(
      `la suma SHA-256 del paquete no coincide con ${path.basename(sumFile)}: el archivo está dañado o no es el que se publicó. No se instaló nada.`,
    )
}

/** Verifies, then unpacks into `dest` (which must not exist yet); returns the archive's metadata. */
export function unpackPackage(file: string, dest: string): PackageInfo {
  verifyPackage(file)
  if (fs.existsSync(dest)) throw new Error(`la carpeta ${dest} ya existe: el paquete se desempaca en una carpeta nueva.`)
  fs.mkdirSync(dest, { recursive: true })
  try {
    // GNU tar strips leading «/» and refuses «..» in member names; no owners or permissions from the archive's machine.
    tar(['-xzf', file, '-C', dest, '--no-same-owner', '--no-same-permissions'])
    const info = JSON.parse(fs.readFileSync(path.join(dest, PACKAGE_INFO_FILE), 'utf8')) as PackageInfo
    if (!info.version || !/^[0-9a-f]{40}$/.test(info.commit ?? '')) throw new Error('paquete.json no dice la versión y el commit.')
    return info
  } catch (error) {
    fs.rmSync(dest, { recursive: true, force: true })
    throw new Error(`el paquete no es válido: ${(error as Error).message}`)
  }
}
