/**
 * `npm run publicar`: validates and builds the site into a new release folder `publicaciones/<fecha>/`
 * (with `publicacion.json`: date, commit and who published), then switches the running server to it by
 * replacing the pointer `publicaciones/actual.json` (an atomic rename; the server follows it on its next
 * request, no restart). A failed validation or build deletes its folder and leaves the pointer, hence
 * what is served, untouched. The first publication has nothing before it: the build folder (dist/) is
 * never a release, since any `npm run build` changes it.
 * `npm run publicar -- --lista`: the kept releases, the one served marked.
 * `npm run publicar -- --revertir [<publicación>]`: serves the previous release again, or the one named.
 * Environment: PUBLICACIONES_DIR (publicaciones), PUBLICACIONES_CONSERVAR (5), and whatever `npm run build` reads.
 */
import path from 'node:path'
import { clientDirFromEnv } from '../src/server/config.ts'
import { readPointer, releasesDirFromEnv, writePointer, type Pointer } from '../src/server/releases.ts'
import { programVersion } from '../src/server/version.ts'
import { buildRelease, describeCheckout, isSite, keepFromEnv, listReleases, newReleaseId, prune, releaseIdOf, writeReleaseInfo } from './lib/releaseFolders.ts'
import { lockReleases } from './lib/releaseLock.ts'

const releasesDir = releasesDirFromEnv()

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

function publish(keep: number): void {
  // The bundler finds its server entry only for output folders inside the project.
  if (path.relative(process.cwd(), releasesDir).startsWith('..')) fail(`PUBLICACIONES_DIR (${releasesDir}) debe estar dentro de la carpeta del proyecto.`)
  const id = newReleaseId()
  const outDir = path.join(releasesDir, id)
  console.log(`Validando y compilando el sitio en ${path.relative(process.cwd(), outDir)}…`)
  const before = readPointer(releasesDir)
  // The bundles of the release being served (or of the last build) are reused when only content changed
  // (content-only rebuild); the build folder is read, never served: it is not a release.
  const served = before ? path.resolve(releasesDir, before.actual) : isSite(clientDirFromEnv()) ? clientDirFromEnv() : undefined
  if (!buildRelease(releasesDir, id, served ? path.dirname(served) : undefined)) {
    fail('No se publicó nada: la validación o la compilación falló (vea los mensajes de arriba). El sitio publicado sigue igual.')
  }
  writeReleaseInfo(outDir, describeCheckout(process.cwd(), programVersion()))
  const pointer: Pointer = {
    actual: `${id}/client`,
    ...(before ? { anterior: before.actual } : {}),
    ...(before?.codigo ? { codigo: before.codigo } : {}),
  }
  writePointer(releasesDir, pointer)
  prune(releasesDir, pointer, keep)
  console.log(`✓ Publicado ${id}. El servidor en marcha ya sirve esta versión.`)
  if (before) console.log('  Para volver a la versión anterior: npm run publicar -- --revertir   (ver todas: npm run publicar -- --lista)')
}

function revert(target: string | undefined): void {
  const pointer = readPointer(releasesDir)
  if (!pointer) fail('todavía no hay publicaciones: nada que revertir.')
  let entry: string
  if (target === undefined) {
    if (!pointer.anterior) fail('no hay una publicación anterior a la cual volver. Vea las publicaciones con npm run publicar -- --lista.')
    entry = pointer.anterior
  } else {
    const id = target.replace(/[/]+(client)?[/]*$/, '')
    const known = listReleases(releasesDir).map(r => r.id)
    if (!known.includes(id))
      fail(`no existe la publicación «${target}». Las publicaciones conservadas son: ${known.join(', ') || 'ninguna'} (npm run publicar -- --lista).`)
    entry = `${id}/client`
  }
  if (!isSite(path.resolve(releasesDir, entry))) fail(`la publicación ${releaseIdOf(entry)} ya no está completa; no se cambió nada.`)
  if (entry === pointer.actual) {
    console.log(`La publicación ${releaseIdOf(entry)} ya es la que se sirve; no se cambió nada.`)
    return
  }
  writePointer(releasesDir, { actual: entry, anterior: pointer.actual, ...(pointer.codigo ? { codigo: pointer.codigo } : {}) })
  console.log(`✓ Se sirve de nuevo la publicación ${releaseIdOf(entry)}. Para deshacerlo: npm run publicar -- --revertir ${releaseIdOf(pointer.actual)}`)
}

function list(): void {
  const pointer = readPointer(releasesDir)
  const releases = listReleases(releasesDir)
  if (releases.length === 0) {
    console.log('Todavía no hay publicaciones (npm run publicar crea la primera).')
    return
  }
  console.log(`Publicaciones conservadas en ${releasesDir} (la más reciente al final):`)
  for (const r of releases) {
    const mark =
      pointer && releaseIdOf(pointer.actual) === r.id ? '  ← en servicio' : pointer?.anterior && releaseIdOf(pointer.anterior) === r.id ? '  (anterior)' : ''
    const i = r.info
    const when = i ? new Date(i.fecha).toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' }) : 'fecha desconocida'
    const commit = i?.commit ? `${i.commit.slice(0, 10)}${i.cambiosLocales ? ' con cambios locales' : ''}` : 'sin commit'
    console.log(`  ${r.id}  ${when}  versión ${i?.version ?? '?'}  commit ${commit}  publicó ${i?.usuario ?? 'desconocido'}${mark}`)
  }
  console.log('Para servir otra: npm run publicar -- --revertir <publicación>')
}

const args = process.argv.slice(2)
const revertAt = args.indexOf('--revertir')
const target = revertAt >= 0 && args[revertAt + 1] && !args[revertAt + 1]!.startsWith('--') ? args[revertAt + 1] : undefined
const unknown = args.filter((a, i) => a !== '--revertir' && a !== '--lista' && !(target !== undefined && i === revertAt + 1))
if (unknown.length > 0 || (revertAt >= 0 && args.includes('--lista'))) {
  fail(
    `opción desconocida: ${unknown.join(' ') || '--lista con --revertir'}. Use npm run publicar, npm run publicar -- --lista o npm run publicar -- --revertir [<publicación>].`,
  )
}
if (args.includes('--lista')) list()
else {
  let keep = 0
  try {
    keep = keepFromEnv()
  } catch (error) {
    fail((error as Error).message)
  }
  lockReleases(releasesDir, fail)
  if (revertAt >= 0) revert(target)
  else publish(keep)
}
