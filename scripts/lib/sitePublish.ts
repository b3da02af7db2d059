/**
 * Publishing into one releases folder (the single site's `publicaciones/`, or a platform site's
 * `PlatformSite.releasesDir`): a new release folder built and checked, then the pointer switched atomically, the
 * old releases pruned; `--revertir` and `--lista` on the same folder. And the platform's «one upgrade for all»
 * (docs/decisions/platform.md): every site built into a new release of its own, several at once, each checked and switched on
 * its own, so a site that fails keeps serving its previous release and is reported while the others go live.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { PlatformSite } from '../../src/manifest/platform.ts'
import { type Pointer, readPointer, writePointer } from '../../src/server/releases.ts'
import { recordFollowed } from '../../src/server/releasesInDatabase.ts'
import { databaseFailure, databaseView, type ReleaseDatabase, switchThroughDatabase, takeFromDatabase } from '../../src/server/releasePublishing.ts'
import { DEFAULT_SITE } from '../../src/server/store/siteTenancy.ts'
import { programVersion } from '../../src/server/version.ts'
import { codeIsBundled } from '../../src/build/buildSite.ts'
import { buildInChild, bundleOnceThenAll, concurrentBuilds } from './platformBuild.ts'
import {
  describeCheckout,
  foldersToKeep,
  isSite,
  listReleases,
  newReleaseId,
  prune,
  releaseDate,
  releaseIdOf,
  UNPUBLISHED_INFO,
  writeReleaseInfo,
} from './releaseFolders.ts'
import { checkRelease } from './releaseCheck.ts'
import { lockReleases } from './releaseLock.ts'

/** A refusal or failure told to the operator in Spanish; nothing was switched. */
export class PublishError extends Error {}

export interface Target {
  releasesDir: string
  /** The site's id on a platform (messages say which site). */
  site?: string
  /** How the operator calls publicar for this target, up to its options: «npm run publicar -- --sitio x». */
  command: string
  /** The site's manifest folder, which its server reads beside the release (undefined: MANIFEST_DIR or manifest/). */
  manifestDir?: string
  /** Builds release `id` into `<releasesDir>/<id>`, reusing the bundles of `served` (the release served) when it can. */
  build(id: string, served: string | undefined): Promise<boolean>
  /**
   * The client folder the server serves while there is no publication (the build folder: dist/client, or a platform
   * site's dist/sitios/<id>/client). The first publication keeps a copy of it as a release to go back to.
   */
  unpublishedDir?: string
  /**
   * With PostgreSQL (DATABASE_URL): the releases and the pointer also go through the database, so every node serves
   * the publication (docs/decisions/platform.md, «Releases through the database»). Undefined: this disk only.
   */
  database?: ReleaseDatabase
}

/** The database of the environment's DATABASE_URL for `site` (undefined without one: SQLite, this disk only). */
export function databaseOf(site: string = DEFAULT_SITE, env: NodeJS.ProcessEnv = process.env): ReleaseDatabase | undefined {
  const url = env.DATABASE_URL?.trim()
  return url ? { url, site } : undefined
}

const of = (t: Target) => (t.site ? ` del sitio «${t.site}»` : '')

/** A platform site's target: its own releases folder, built by `npm run build -- --sitio <id> --salida <release>`. */
export function siteTarget(site: PlatformSite, concurrent = 1, prefixOutput = false): Target {
  return {
    releasesDir: site.releasesDir,
    site: site.id,
    command: `npm run publicar -- --sitio ${site.id}`,
    manifestDir: site.manifestDir,
    unpublishedDir: path.join(site.outDir, 'client'),
    database: databaseOf(site.id),
    build: async (id, served) => {
      const outDir = path.join(site.releasesDir, id)
      // Relative: the bundler joins the output folder to the project root.
      const args = ['--salida', path.relative(process.cwd(), outDir), ...(served ? ['--reutilizar', path.relative(process.cwd(), served)] : [])]
      // Builds started together no longer collide in Vike's temporary files (src/build/vikeConfigLock.ts): a failed
      // build is the site's failure, not retried.
      const ok = (await buildInChild(site, args, concurrent, prefixOutput)) === 'compilado' && isSite(path.join(outDir, 'client'))
      if (!ok) fs.rmSync(outDir, { recursive: true, force: true })
      return ok
    },
  }
}

/** Builds a new release into the target's folder, checks it and switches the pointer to it; returns its id. */
export async function publishInto(t: Target, keep: number, say: (line: string) => void = console.log): Promise<string> {
  const { releasesDir } = t
  // The bundler finds its server entry only for output folders inside the project.
  if (path.relative(process.cwd(), releasesDir).startsWith('..'))
    throw new PublishError(`PUBLICACIONES_DIR (${releasesDir}) debe estar dentro de la carpeta del proyecto.`)
  const id = newReleaseId()
  const outDir = path.join(releasesDir, id)
  say(`Validando y compilando el sitio${of(t)} en ${path.relative(process.cwd(), outDir)}…`)
  // Another node may have published since: this folder takes the database's current release first.
  const inDatabase = t.database && (await fromDatabase(t, () => takeFromDatabase(t.database!, releasesDir)))
  const before = readPointer(releasesDir)
  const served = before ? path.dirname(path.resolve(releasesDir, before.actual)) : undefined
  if (!(await t.build(id, served)))
    throw new PublishError(`No se publicó nada${of(t)}: la validación o la compilación falló (vea los mensajes de arriba). El sitio publicado sigue igual.`)
  // Served by the server's own code before anything is switched (scripts/lib/releaseCheck.ts).
  say(`Verificando la publicación nueva${of(t)} con el servidor (inicio, sus archivos, página 404, formularios, /salud/detalle)…`)
  const problem = await checkRelease(outDir, t.manifestDir).catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
  if (problem) {
    fs.rmSync(outDir, { recursive: true, force: true })
    throw new PublishError(`No se publicó nada${of(t)}: la publicación nueva no pasó la verificación: ${problem}. El sitio publicado sigue igual.`)
  }
  writeReleaseInfo(outDir, describeCheckout(process.cwd(), programVersion()))
  const kept = before ? undefined : keepUnpublished(t, id)
  const anterior = before?.actual ?? (kept ? `${kept}/client` : undefined)
  const pointer: Pointer = {
    actual: `${id}/client`,
    ...(anterior ? { anterior } : {}),
    ...(before?.codigo ? { codigo: before.codigo } : {}),
  }
  if (t.database) {
    const releases = [kept, id, before && releaseIdOf(before.actual)].filter((r): r is string => !!r)
    const stamp = await fromDatabase(
      t,
      () =>
        switchThroughDatabase(t.database!, releasesDir, {
          releases,
          before: inDatabase || undefined,
          pointer,
          kept: ids => [...foldersToKeep(ids, pointer, keep)],
        }),
      () => {
        fs.rmSync(outDir, { recursive: true, force: true })
        if (kept) fs.rmSync(path.join(releasesDir, kept), { recursive: true, force: true })
      },
    )
    writePointer(releasesDir, pointer)
    recordFollowed(releasesDir, stamp)
  } else writePointer(releasesDir, pointer)
  prune(releasesDir, pointer, keep)
  say(
    `✓ Publicado ${id}${of(t)}. ${t.database ? 'Este servidor ya sirve esta versión; los demás equipos la toman de la base de datos en unos segundos.' : 'El servidor en marcha ya sirve esta versión.'}`,
  )
  if (kept) say(`  Lo que se servía antes (sin publicar) quedó guardado como la publicación ${kept}.`)
  if (anterior) say(`  Para volver a la versión anterior: ${t.command} --revertir   (ver todas: ${t.command} --lista)`)
  return id
}

/** A step through the database; its failure is told in Spanish, after `undo`, and nothing was switched. */
async function fromDatabase<T>(t: Target, step: () => Promise<T>, undo?: () => void): Promise<T> {
  try {
    return await step()
  } catch (error) {
    undo?.()
    throw new PublishError(
      `No se cambió nada${of(t)}: la base de datos de las publicaciones falló (${databaseFailure(error)}). El sitio publicado sigue igual.`,
    )
  }
}

/**
 * Before the first publication the server serves the build folder. That site is copied into a release of its own
 * (named by when it was built, so it sorts before the new one) for `--revertir` to go back to: a copy, since any
 * later `npm run build` rewrites the build folder (docs/decisions/updates-and-releases.md). Undefined when the
 * build folder holds no site. A copy that fails removes its folder and stops the publication: nothing was switched.
 */
function keepUnpublished(t: Target, newId: string): string | undefined {
  const from = t.unpublishedDir
  if (!from || !isSite(from)) return undefined
  const builtAt = fs.statSync(path.join(from, 'index.html')).mtime
  const at = Math.min(builtAt.getTime(), Date.parse(releaseDate(newId)) - 1)
  const id = newReleaseId(new Date(at))
  const dir = path.join(t.releasesDir, id)
  try {
    fs.cpSync(from, path.join(dir, 'client'), { recursive: true })
    writeReleaseInfo(dir, { ...UNPUBLISHED_INFO, fecha: new Date(at).toISOString() })
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.rmSync(path.join(t.releasesDir, newId), { recursive: true, force: true })
    throw new PublishError(
      `No se publicó nada${of(t)}: no se pudo guardar una copia de lo que se servía antes (${(error as Error).message}). El sitio publicado sigue igual.`,
    )
  }
  return id
}

/** The pointer `--revertir [<publicación>]` switches to, or undefined when it is the one served already (told). */
function revertedPointer(t: Target, target: string | undefined): Pointer | undefined {
  const { releasesDir } = t
  const pointer = readPointer(releasesDir)
  if (!pointer) throw new PublishError(`todavía no hay publicaciones${of(t)}: nada que revertir.`)
  let entry: string
  if (target === undefined) {
    if (!pointer.anterior) throw new PublishError(`no hay una publicación anterior${of(t)} a la cual volver. Vea las publicaciones con ${t.command} --lista.`)
    entry = pointer.anterior
  } else {
    const id = revertTarget(target)
    const known = listReleases(releasesDir).map(r => r.id)
    if (!known.includes(id))
      throw new PublishError(
        `no existe la publicación «${target}»${of(t)}. Las publicaciones conservadas son: ${known.join(', ') || 'ninguna'} (${t.command} --lista).`,
      )
    entry = `${id}/client`
  }
  if (!isSite(path.resolve(releasesDir, entry))) throw new PublishError(`la publicación ${releaseIdOf(entry)} ya no está completa; no se cambió nada.`)
  if (entry === pointer.actual) {
    console.log(`La publicación ${releaseIdOf(entry)}${of(t)} ya es la que se sirve; no se cambió nada.`)
    return undefined
  }
  return { actual: entry, anterior: pointer.actual, ...(pointer.codigo ? { codigo: pointer.codigo } : {}) }
}

const revertTarget = (target: string) => target.replace(/[/]+(client)?[/]*$/, '')

const reverted = (t: Target, next: Pointer) =>
  console.log(`✓ Se sirve de nuevo la publicación ${releaseIdOf(next.actual)}${of(t)}. Para deshacerlo: ${t.command} --revertir ${releaseIdOf(next.anterior!)}`)

/** `--revertir` on this disk only (no database). */
export function revertIn(t: Target, target: string | undefined): void {
  const next = revertedPointer(t, target)
  if (!next) return
  writePointer(t.releasesDir, next)
  reverted(t, next)
}

/** `--revertir`: with a database, the folder first takes its releases, and the switch goes through the database to every node. */
export async function revert(t: Target, target: string | undefined): Promise<void> {
  if (!t.database) return revertIn(t, target)
  const db = t.database
  const before = await fromDatabase(t, () => takeFromDatabase(db, t.releasesDir, target === undefined ? undefined : revertTarget(target)))
  const next = revertedPointer(t, target)
  if (!next) return
  const releases = [releaseIdOf(next.actual), releaseIdOf(next.anterior!)]
  const stamp = await fromDatabase(t, () => switchThroughDatabase(db, t.releasesDir, { releases, before, pointer: next, kept: ids => ids }))
  writePointer(t.releasesDir, next)
  recordFollowed(t.releasesDir, stamp)
  reverted(t, next)
}

export function listReleasesOf(t: Target): void {
  const { releasesDir } = t
  const pointer = readPointer(releasesDir)
  const releases = listReleases(releasesDir)
  if (releases.length === 0) {
    console.log(`Todavía no hay publicaciones${of(t)} (${t.command.replace(/ --$/, '')} crea la primera).`)
    return
  }
  console.log(`Publicaciones conservadas${of(t)} en ${releasesDir} (la más reciente al final):`)
  for (const r of releases) {
    const mark =
      pointer && releaseIdOf(pointer.actual) === r.id ? '  ← en servicio' : pointer?.anterior && releaseIdOf(pointer.anterior) === r.id ? '  (anterior)' : ''
    const i = r.info
    const when = i ? new Date(i.fecha).toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' }) : 'fecha desconocida'
    const commit = i?.commit ? `${i.commit.slice(0, 10)}${i.cambiosLocales ? ' con cambios locales' : ''}` : 'sin commit'
    if (i?.origen) {
      console.log(`  ${r.id}  ${when}  ${i.origen}${mark}`)
      continue
    }
    console.log(`  ${r.id}  ${when}  versión ${i?.version ?? '?'}  commit ${commit}  publicó ${i?.usuario ?? 'desconocido'}${mark}`)
  }
  console.log(`Para servir otra: ${t.command} --revertir <publicación>`)
}

/**
 * `--lista`: this disk's releases and, with a database, what every node serves (the database's pointer) and the
 * releases it keeps, which `--revertir` takes from it when this disk lacks them.
 */
export async function listReleasesThrough(t: Target): Promise<void> {
  listReleasesOf(t)
  if (!t.database) return
  const db = t.database
  const { pointer, releases } = await fromDatabase(t, () => databaseView(db))
  if (!pointer) {
    console.log(`En la base de datos todavía no hay publicaciones${of(t)}.`)
    return
  }
  const served = `${releaseIdOf(pointer.actual)}${pointer.anterior ? ` (anterior: ${releaseIdOf(pointer.anterior)})` : ''}`
  console.log(`En la base de datos (lo que sirven todos los equipos): en servicio ${served}; conservadas: ${releases.join(', ')}.`)
}

/**
 * `npm run publicar -- --todos`: every site published on its own, `concurrentBuilds()` at a time (each build is a
 * child process, lines prefixed with the site's id). A site whose release fails (manifest, build, the release's
 * check, its lock) is reported and keeps its pointer, hence its previous release; true when all were published.
 */
export async function publishSites(sites: PlatformSite[], keep: number): Promise<boolean> {
  const outcomes = new Map<string, string | PublishError>()
  const workers = concurrentBuilds(sites.length)
  // New code is bundled by the first site's build alone; the others render against its bundles.
  const bundle = !codeIsBundled()
  console.log(`Publicando ${sites.length} sitio(s), ${workers} a la vez${bundle ? ' (el primero empaqueta el código; los demás usan esos paquetes)' : ''}…`)
  const one = async (site: PlatformSite, bundles: boolean): Promise<boolean> => {
    const t = siteTarget(site, bundles ? 1 : workers, true)
    try {
      lockReleases(t.releasesDir, message => {
        throw new PublishError(message)
      })
      outcomes.set(site.id, await publishInto(t, keep, line => console.log(`[${site.id}] ${line}`)))
    } catch (error) {
      // Whatever went wrong with one site (a disk full while writing its release too) is that site's failure only.
      outcomes.set(site.id, error instanceof PublishError ? error : new PublishError((error as Error).message))
    }
    return !(outcomes.get(site.id) instanceof PublishError)
  }
  await bundleOnceThenAll(sites, workers, bundle, one)
  console.log('\nResumen:')
  const failed = sites.filter(s => outcomes.get(s.id) instanceof PublishError)
  for (const site of sites) {
    const o = outcomes.get(site.id)!
    const served = readPointer(site.releasesDir)?.actual
    if (o instanceof PublishError)
      console.error(
        `  ✗ ${site.id}: no se publicó (${o.message.replace(/^No se publicó nada del sitio «[^»]+»: /, '')}); ${served ? `sigue en servicio ${releaseIdOf(served)}` : 'no tiene ninguna publicación'}.`,
      )
    else console.log(`  ✓ ${site.id}: publicado ${o}.`)
  }
  if (failed.length > 0) console.error(`✗ ${failed.length} de ${sites.length} sitio(s) no se publicaron; los demás sí.`)
  else console.log(`✓ ${sites.length} sitio(s) publicados.`)
  return failed.length === 0
}
