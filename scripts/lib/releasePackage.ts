/**
 * Release archives (`npm run empaquetar`): the program as the server runs it, made on a build machine, so the
 * server needs no Vite and no compiler (docs/decisions/updates-and-releases.md, «Release archives»). An archive is
 * `<nombre>.tar.gz` plus `<nombre>.tar.gz.sha256` (sha256sum's format); inside: the program compiled to JavaScript
 * (releaseCompile.ts: run by `node`, no tsx), the built site (`dist/`), the production packages the server needs, and
 * `paquete.json` (version, commit, date, Node). An archive handed to the server is data: its checksum is verified and
 * every member's name checked before anything is unpacked, into a new folder, without owners or absolute paths.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { extract, list } from 'tar'
import { PACKAGE_INFO_FILE } from '../../src/server/version.ts'
import { archivePackageJson, compileProgram } from './releaseCompile.ts'

/** What the server needs at run time besides the compiled code and the packages: content, the built site, deployment files. */
export const PROGRAM_ENTRIES = ['package-lock.json', 'CHANGELOG.md', 'manifest', 'public', 'schemas', 'despliegue', 'docs', 'dist']

export interface PackageInfo {
  version: string
  commit: string
  fecha: string
  node: string
}

function tar(args: string[]): void {
  const r = spawnSync('tar', args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`tar falló: ${(r.stderr || r.stdout || '').trim()}`)
}

export function sha256Of(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

/**
 * Writes `<outDir>/sitio-hospital-<version>-<commit>.tar.gz` and its `.sha256`; returns the archive's path. `packages`:
 * the folders of the production packages (runtimePackages), relative to `root`.
 */
export async function makePackage(root: string, outDir: string, info: PackageInfo, packages: readonly string[]): Promise<string> {
  if (!fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))) throw new Error('falta el sitio compilado (dist/client): ejecute antes npm run build.')
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'paquete-'))
  try {
    await compileProgram(root, staging)
    fs.writeFileSync(path.join(staging, 'package.json'), archivePackageJson(fs.readFileSync(path.join(root, 'package.json'), 'utf8')))
    fs.writeFileSync(path.join(staging, PACKAGE_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`)
    fs.mkdirSync(outDir, { recursive: true })
    const file = path.join(outDir, `sitio-hospital-${info.version}-${info.commit.slice(0, 10)}.tar.gz`)
    const entries = PROGRAM_ENTRIES.filter(e => fs.existsSync(path.join(root, e)))
    const compiled = fs.readdirSync(staging)
    tar(['-czf', file, '--exclude=dist/server', '-C', root, ...entries, ...packages, '-C', staging, ...compiled])
    fs.writeFileSync(`${file}.sha256`, `${sha256Of(file)}  ${path.basename(file)}\n`)
    return file
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
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

/**
 * Every member of the archive stays inside the folder it is unpacked into: no absolute name, no «..», no link whose
 * target leaves it, nothing but files, folders and links. Checked on the whole list before anything is written.
 */
export function refuseEscapingEntries(file: string): void {
  const bad: string[] = []
  const escapes = (name: string) => path.posix.isAbsolute(name) || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..')
  list({
    file,
    sync: true,
    onReadEntry: entry => {
      const name = entry.path
      const target = entry.linkpath ?? ''
      if (!['File', 'OldFile', 'ContiguousFile', 'Directory', 'SymbolicLink', 'Link'].includes(entry.type)) bad.push(`${name} (${entry.type})`)
      else if (escapes(name)) bad.push(name)
      else if (entry.type === 'Link' && escapes(target)) bad.push(`${name} → ${target}`)
      else if (
        entry.type === 'SymbolicLink' &&
        (path.posix.isAbsolute(target) || path.posix.normalize(path.posix.join(path.posix.dirname(name), target)).startsWith('..'))
      )
        bad.push(`${name} → ${target}`)
    },
  })
  if (bad.length)
    throw new Error(
      `el paquete trae entradas que saldrían de su carpeta (${bad.slice(0, 5).join(', ')}): no es un paquete de npm run empaquetar. No se instaló nada.`,
    )
}

/** Verifies (checksum, then every member's name), then unpacks into `dest` (which must not exist yet); returns the archive's metadata. */
export function unpackPackage(file: string, dest: string): PackageInfo {
  verifyPackage(file)
  refuseEscapingEntries(file)
  if (fs.existsSync(dest)) throw new Error(`la carpeta ${dest} ya existe: el paquete se desempaca en una carpeta nueva.`)
  fs.mkdirSync(dest, { recursive: true })
  try {
    // Owners and modes of the build machine are not kept; node-tar refuses «..» and absolute names again while writing.
    extract({ file, cwd: dest, sync: true, strict: true, preserveOwner: false, noChmod: true })
    const info = JSON.parse(fs.readFileSync(path.join(dest, PACKAGE_INFO_FILE), 'utf8')) as PackageInfo
    if (!/^\d+\.\d+\.\d+/.test(info.version ?? '') || !/^[0-9a-f]{40}$/.test(info.commit ?? '')) throw new Error('paquete.json no dice la versión y el commit.')
    return info
  } catch (error) {
    fs.rmSync(dest, { recursive: true, force: true })
    throw new Error(`el paquete no es válido: ${(error as Error).message}`)
  }
}
