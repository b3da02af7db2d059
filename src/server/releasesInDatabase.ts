/**
 * A site's releases in PostgreSQL (docs/decisions/platform.md, «Releases through the database»), so that a publication
 * made on one node is served by every node, each with its own disk: `publicaciones_archivos` holds each file once by
 * the SHA-256 of its bytes (a new release stores only what changed), `publicaciones` each release's paths and hashes,
 * `publicaciones_puntero` the site's pointer (store/platformTables.ts). Every statement runs on a connection that names
 * its site, so the row policies show and change that site's rows only.
 *
 * What the database gives back is data, never trusted: a release id is one plain folder name, every path stays inside
 * its release folder (`insideReleases`), every file's bytes must have the hash its row names, and a release is written
 * into a temporary folder renamed into place only when whole, so no node ever serves half a release.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { insideReleases, type Pointer, readPointer, RELEASE_INFO_FILE, writePointer } from './releases.ts'

/** In a release folder this node took from the database (never uploaded, and removed when the database drops the release). */
export const DOWNLOADED_MARK = '.descargada'
/** Beside `actual.json`: which database pointer this folder last followed (`cambiado_en` and `actual`). */
export const FOLLOWED_FILE = 'puntero-bd.json'

const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/
const HASH = /^[0-9a-f]{64}$/
/** Files stored or fetched per query: few round trips, bounded memory for a release of any size. */
const FETCH_BATCH = 100

/** The database pointer with the stamp nodes compare to know whether it changed. */
export interface DatabasePointer extends Pointer {
  stamp: string
}

/** The release id a pointer entry names (`<id>/client`), or undefined when it is not one plain release folder inside `releasesDir`. */
export function releaseOfEntry(releasesDir: string, entry: unknown): string | undefined {
  if (typeof entry !== 'string') return undefined
  const id = /^([^/\\]+)\/client$/.exec(entry)?.[1]
  if (!id || !RELEASE_ID.test(id) || !insideReleases(releasesDir, entry)) return undefined
  return id
}

/** A file path of a release's list, or undefined when it would leave the release folder `dir` (or names the download mark). */
export function fileInside(dir: string, rel: unknown): string | undefined {
  if (typeof rel !== 'string' || rel.length === 0 || rel.length > 1000 || rel === DOWNLOADED_MARK) return undefined
  if (rel.split('/').some(part => part === '' || part === '.' || part === '..' || /[\\\0]/.test(part))) return undefined
  return insideReleases(dir, rel)
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** Every file of a release folder, by path relative to it (`/`-separated), with its hash; links are refused. */
function releaseFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const rel = path.relative(dir, full).split(path.sep).join('/')
    if (entry.isSymbolicLink()) throw new Error(`la publicación tiene un enlace (${rel}); no se guarda en la base de datos.`)
    if (!entry.isFile() || rel === DOWNLOADED_MARK) continue
    files.set(rel, sha256(fs.readFileSync(full)))
  }
  return files
}

/** Serializes publications of one site across nodes (held until the transaction ends). */
export async function lockSiteReleases(client: pg.ClientBase): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('publicaciones:' || coalesce(sitio_actual(), ''), 0))")
}

/** Stores release `id` (the folder `<releasesDir>/<id>`): only the files whose hash the site does not hold yet. */
export async function storeRelease(client: pg.ClientBase, releasesDir: string, id: string, at: Date): Promise<void> {
  const files = releaseFiles(path.join(releasesDir, id))
  const hashes = [...new Set(files.values())]
  const held = new Set((await client.query<{ hash: string }>('SELECT hash FROM publicaciones_archivos WHERE hash = ANY($1)', [hashes])).rows.map(r => r.hash))
  const toStore: Array<[string, string]> = []
  for (const [rel, hash] of files) {
    if (held.has(hash)) continue
    held.add(hash)
    toStore.push([hash, rel])
  }
  // Several files per statement: a first release of a thousand files is a few dozen round trips, not a thousand.
  for (let i = 0; i < toStore.length; i += FETCH_BATCH) {
    const batch = toStore.slice(i, i + FETCH_BATCH)
    await client.query(
      `INSERT INTO publicaciones_archivos (hash, contenido) VALUES ${batch.map((_, n) => `($${2 * n + 1}, $${2 * n + 2})`).join(', ')}`,
      batch.flatMap(([hash, rel]) => [hash, fs.readFileSync(path.join(releasesDir, id, ...rel.split('/')))]),
    )
  }
  await client.query(
    `INSERT INTO publicaciones (publicacion, archivos, creada_en) VALUES ($1, $2, $3)
     ON CONFLICT (sitio, publicacion) DO UPDATE SET archivos = EXCLUDED.archivos`,
    [id, JSON.stringify(Object.fromEntries(files)), at.toISOString()],
  )
}

/** The site's pointer in the database, or undefined when nothing was published through it yet. */
export async function readDatabasePointer(client: pg.ClientBase): Promise<DatabasePointer | undefined> {
  const row = (
    await client.query<{ actual: string; anterior: string | null; codigo: string | null; cambiado_en: string }>(
      'SELECT actual, anterior, codigo, cambiado_en FROM publicaciones_puntero',
    )
  ).rows[0]
  if (!row) return undefined
  return {
    actual: row.actual,
    ...(row.anterior !== null && { anterior: row.anterior }),
    ...(row.codigo !== null && { codigo: row.codigo }),
    stamp: `${row.cambiado_en} ${row.actual}`,
  }
}

/**
 * Switches the database pointer from `before` (what the publisher read) to `pointer`; false when another node switched
 * it meanwhile (nothing written). Returns the new stamp when written.
 */
export async function switchDatabasePointer(
  client: pg.ClientBase,
  before: DatabasePointer | undefined,
  pointer: Pointer,
  at: Date,
): Promise<string | undefined> {
  const values = [pointer.actual, pointer.anterior ?? null, pointer.codigo ?? null, at.toISOString()]
  const result = before
    ? await client.query(
        `UPDATE publicaciones_puntero SET actual = $1, anterior = $2, codigo = $3, cambiado_en = $4
          WHERE actual = $5 AND cambiado_en = $6`,
        [...values, before.actual, before.stamp.split(' ')[0]],
      )
    : await client.query('INSERT INTO publicaciones_puntero (actual, anterior, codigo, cambiado_en) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', values)
  return result.rowCount === 1 ? `${values[3]} ${pointer.actual}` : undefined
}

/** The ids of the site's releases in the database. */
export async function databaseReleases(client: pg.ClientBase): Promise<string[]> {
  return (await client.query<{ publicacion: string }>('SELECT publicacion FROM publicaciones ORDER BY publicacion')).rows.map(r => r.publicacion)
}

/** Drops the site's releases not in `kept`, then every file no kept release names. */
export async function pruneDatabaseReleases(client: pg.ClientBase, kept: readonly string[]): Promise<void> {
  await client.query('DELETE FROM publicaciones WHERE NOT (publicacion = ANY($1))', [kept])
  await client.query(
    `DELETE FROM publicaciones_archivos a
      WHERE NOT EXISTS (SELECT 1 FROM publicaciones p, jsonb_each_text(p.archivos) f WHERE f.value = a.hash)`,
  )
}

/** Records in the folder which database pointer it follows now (the publisher's own switch, or a node's download). */
export function recordFollowed(releasesDir: string, stamp: string): void {
  const file = path.join(releasesDir, FOLLOWED_FILE)
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify({ puntero: stamp })}\n`)
  fs.renameSync(`${file}.tmp`, file)
}

function followedStamp(releasesDir: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(releasesDir, FOLLOWED_FILE), 'utf8')) as { puntero?: string }).puntero
  } catch {
    return undefined
  }
}

/** The path → hash list of release `id` as the database holds it, every entry checked; throws in Spanish on a hostile one. */
async function releaseList(client: pg.ClientBase, releasesDir: string, id: string): Promise<Map<string, string>> {
  const row = (await client.query<{ archivos: unknown }>('SELECT archivos FROM publicaciones WHERE publicacion = $1', [id])).rows[0]
  if (!row) throw new Error(`la base de datos no tiene la publicación ${id} que nombra su puntero`)
  const list = row.archivos
  if (!list || typeof list !== 'object' || Array.isArray(list)) throw new Error(`la lista de archivos de la publicación ${id} no es válida`)
  const files = new Map<string, string>()
  for (const [rel, hash] of Object.entries(list as Record<string, unknown>)) {
    if (!fileInside(path.join(releasesDir, id), rel) || typeof hash !== 'string' || !HASH.test(hash))
      throw new Error(`la publicación ${id} nombra un archivo fuera de su carpeta o sin huella válida (${String(rel).slice(0, 80)}); no se descarga`)
    files.set(rel, hash)
  }
  if (!files.has('client/index.html') || !files.has('client/404.html')) throw new Error(`la publicación ${id} no tiene index.html y 404.html`)
  return files
}

/** A file of `reuse` (a release on this disk) with that hash, copied instead of fetched. */
function copyIfSame(reuse: string | undefined, rel: string, hash: string, to: string): boolean {
  const from = reuse && fileInside(reuse, rel)
  if (!from || !fs.statSync(from, { throwIfNoEntry: false })?.isFile()) return false
  const bytes = fs.readFileSync(from)
  if (sha256(bytes) !== hash) return false
  fs.writeFileSync(to, bytes)
  return true
}

/**
 * Writes release `id` from the database into `<releasesDir>/<id>`: into a temporary folder first, renamed into place
 * once every file is there with the bytes its hash names. Files with the same hash in `reuse` are copied from disk.
 */
export async function downloadRelease(client: pg.ClientBase, releasesDir: string, id: string, reuse: string | undefined): Promise<void> {
  const files = await releaseList(client, releasesDir, id)
  fs.mkdirSync(releasesDir, { recursive: true })
  const tmp = path.join(releasesDir, `.descarga-${id}-${randomBytes(6).toString('hex')}`)
  try {
    const missing = new Map<string, string[]>()
    for (const [rel, hash] of files) {
      const to = path.join(tmp, ...rel.split('/'))
      fs.mkdirSync(path.dirname(to), { recursive: true })
      if (!copyIfSame(reuse, rel, hash, to)) missing.set(hash, [...(missing.get(hash) ?? []), to])
    }
    const hashes = [...missing.keys()]
    for (let i = 0; i < hashes.length; i += FETCH_BATCH) {
      const batch = hashes.slice(i, i + FETCH_BATCH)
      const rows = (await client.query<{ hash: string; contenido: Buffer }>('SELECT hash, contenido FROM publicaciones_archivos WHERE hash = ANY($1)', [batch]))
        .rows
      for (const row of rows) {
        if (sha256(row.contenido) !== row.hash) throw new Error(`un archivo de la publicación ${id} no coincide con su huella`)
        for (const to of missing.get(row.hash) ?? []) fs.writeFileSync(to, row.contenido)
        missing.delete(row.hash)
      }
    }
    if (missing.size > 0) throw new Error(`a la publicación ${id} le faltan ${missing.size} archivo(s) en la base de datos`)
    fs.writeFileSync(path.join(tmp, DOWNLOADED_MARK), '')
    const final = path.join(releasesDir, id)
    fs.rmSync(final, { recursive: true, force: true })
    fs.renameSync(tmp, final)
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

const whole = (releasesDir: string, id: string) =>
  ['client/index.html', 'client/404.html', RELEASE_INFO_FILE].every(f => fs.existsSync(path.join(releasesDir, id, f)))

/**
 * Makes this folder serve what the database pointer names, when it changed since the folder last followed it: the
 * releases it names that are not on this disk are downloaded, then the local pointer switched (keeping this node's
 * `codigo`, which `npm run actualizar` sets per machine). A local switch made since (an update on this node) stands
 * until the next publication. Returns the release now served when it switched.
 */
export async function followDatabasePointer(client: pg.ClientBase, releasesDir: string): Promise<string | undefined> {
  const pointer = await readDatabasePointer(client)
  if (!pointer || pointer.stamp === followedStamp(releasesDir)) return undefined
  const actual = releaseOfEntry(releasesDir, pointer.actual)
  if (!actual) throw new Error(`el puntero de la base de datos nombra una carpeta fuera de las publicaciones (${pointer.actual.slice(0, 80)}); no se sirve`)
  const local = readLocalPointer(releasesDir)
  const reuse = local && releaseOfEntry(releasesDir, local.actual)
  if (!whole(releasesDir, actual)) await downloadRelease(client, releasesDir, actual, reuse && path.join(releasesDir, reuse))
  const anterior = releaseOfEntry(releasesDir, pointer.anterior)
  if (anterior && !whole(releasesDir, anterior)) await downloadRelease(client, releasesDir, anterior, path.join(releasesDir, actual)).catch(() => undefined)
  const keepsAnterior = anterior && whole(releasesDir, anterior)
  writePointer(releasesDir, {
    actual: `${actual}/client`,
    ...(keepsAnterior && { anterior: `${anterior}/client` }),
    ...(local?.codigo && { codigo: local.codigo }),
  })
  recordFollowed(releasesDir, pointer.stamp)
  dropDownloaded(releasesDir, new Set([...(await databaseReleases(client)), actual, ...(keepsAnterior ? [anterior] : [])]))
  return actual
}

function readLocalPointer(releasesDir: string): Pointer | undefined {
  try {
    return readPointer(releasesDir)
  } catch {
    return undefined
  }
}

/** Removes the releases this node downloaded that the database no longer keeps (a publisher's own folders are its prune's). */
function dropDownloaded(releasesDir: string, kept: Set<string>): void {
  for (const entry of fs.readdirSync(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || kept.has(entry.name) || !fs.existsSync(path.join(releasesDir, entry.name, DOWNLOADED_MARK))) continue
    fs.rmSync(path.join(releasesDir, entry.name), { recursive: true, force: true })
  }
}
