/**
 * `npm run publicar`: validates and builds the site into a new folder `publicaciones/<fecha>/`, then
 * switches the running server to it by replacing the pointer `publicaciones/actual.json` (an atomic
 * rename; the server follows it on its next request, no restart). A failed validation or build
 * deletes its folder and leaves the pointer, hence what is served, untouched.
 * `npm run publicar -- --revertir`: serves the previous build again (it is always kept).
 * Environment: PUBLICACIONES_DIR (publicaciones), and whatever `npm run build` reads.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { clientDirFromEnv } from '../src/server/config.ts'
import { readPointer, releasesDirFromEnv, writePointer, type Pointer } from '../src/server/releases.ts'
import { npmCommand, spawnOptions } from './lib/commands.ts'

const releasesDir = releasesDirFromEnv()
const LOCK = path.join(releasesDir, 'publicando.lock')

/** Pointer entries are relative to the releases folder, with forward slashes on every system. */
const relative = (dir: string): string => path.relative(releasesDir, dir).split(path.sep).join('/')
const isSite = (dir: string): boolean => fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, '404.html'))

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

/** One publication at a time: a second one would race for the pointer. A lock left by a dead process is taken over. */
function lock(): void {
  fs.mkdirSync(releasesDir, { recursive: true })
  try {
    fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' })
  } catch {
    const pid = Number(fs.readFileSync(LOCK, 'utf8'))
    let alive = false
    try {
      process.kill(pid, 0)
      alive = true
    } catch {
      alive = false
    }
    if (alive) fail(`ya hay una publicación en curso (proceso ${pid}); espere a que termine.`)
    fs.writeFileSync(LOCK, String(process.pid))
  }
  process.on('exit', () => fs.rmSync(LOCK, { force: true }))
}

/** Removes build folders that are neither served nor kept as the previous one. */
function prune(pointer: Pointer): void {
  const kept = [pointer.actual, pointer.anterior].filter((d): d is string => !!d).map((d) => path.resolve(releasesDir, d))
  for (const entry of fs.readdirSync(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const dir = path.join(releasesDir, entry.name)
    if (kept.some((k) => k === dir || k.startsWith(dir + path.sep))) continue
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function publish(): void {
  // The bundler finds its server entry only for output folders inside the project.
  if (path.relative(process.cwd(), releasesDir).startsWith('..')) fail(`PUBLICACIONES_DIR (${releasesDir}) debe estar dentro de la carpeta del proyecto.`)
  const id = new Date().toISOString().replace(/[:.]/g, '-')
  const outDir = path.join(releasesDir, id)
  const client = path.join(outDir, 'client')
  console.log(`Validando y compilando el sitio en ${path.relative(process.cwd(), outDir)}…`)
  // The bundles of the version being served are reused when only content changed (content-only rebuild).
  const served = readPointer(releasesDir)?.actual ?? (isSite(clientDirFromEnv()) ? relative(clientDirFromEnv()) : undefined)
  const reuse = served ? ['--', '--reutilizar', path.relative(process.cwd(), path.dirname(path.resolve(releasesDir, served)))] : []
  const build = npmCommand(['run', 'build', ...reuse])
  // Relative: the bundler joins the output folder to the project root even when it is absolute.
  const result = spawnSync(build.command, build.args, spawnOptions(build, { stdio: 'inherit', env: { ...process.env, BUILD_OUT_DIR: path.relative(process.cwd(), outDir) } }))
  if (result.status !== 0 || !isSite(client)) {
    fs.rmSync(outDir, { recursive: true, force: true })
    fail('No se publicó nada: la validación o la compilación falló (vea los mensajes de arriba). El sitio publicado sigue igual.')
  }
  const before = readPointer(releasesDir)
  const fallback = clientDirFromEnv()
  const previous = before?.actual ?? (isSite(fallback) ? relative(fallback) : undefined)
  const pointer: Pointer = { actual: relative(client), ...(previous ? { anterior: previous } : {}) }
  writePointer(releasesDir, pointer)
  prune(pointer)
  console.log(`✓ Publicado ${id}. El servidor en marcha ya sirve esta versión.`)
  if (previous) console.log('  Para volver a la versión anterior: npm run publicar -- --revertir')
}

function revert(): void {
  const pointer = readPointer(releasesDir)
  if (!pointer?.anterior) fail('no hay una publicación anterior a la cual volver.')
  if (!isSite(path.resolve(releasesDir, pointer.anterior))) fail(`la publicación anterior (${pointer.anterior}) ya no está completa; no se cambió nada.`)
  writePointer(releasesDir, { actual: pointer.anterior, anterior: pointer.actual })
  console.log(`✓ Se volvió a la publicación anterior (${pointer.anterior}). Para deshacerlo, ejecute de nuevo npm run publicar -- --revertir.`)
}

const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--revertir')
if (unknown.length > 0) fail(`opción desconocida: ${unknown.join(' ')}. Use npm run publicar, o npm run publicar -- --revertir.`)
lock()
if (args.includes('--revertir')) revert()
else publish()
