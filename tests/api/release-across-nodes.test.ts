/**
 * Releases through the database (docs/decisions/platform.md, «Releases through the database»): two server nodes of
 * site A, each with its own data and releases folders, share only PostgreSQL. A publication made through the real
 * publish code into node 1's folder is served by node 2 within seconds; a second one stores only the files that
 * changed; `--revertir` run on node 2 reaches node 1; site B (a third server, same database) never gets A's release
 * nor sees its rows; a row naming a folder outside the releases is refused and writes nothing.
 *
 * No bundler run: the release's build step copies the site tests/api already use (dist/client) with one page's title
 * changed; the check, the switch and the revert are the real ones.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listReleasesThrough, publishInto, revert, type Target } from '../../scripts/lib/sitePublish.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { readPointer } from '../../src/server/releases.ts'
import { followDatabasePointer } from '../../src/server/releasesInDatabase.ts'
import { SITE_KEY_VARIABLE } from '../../src/server/store/siteProof.ts'
import { withSiteClient } from '../../src/server/store/siteRows.ts'
import { clientDir } from '../helpers/builtSite.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { type RunningServer, startInProcess } from './helpers.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const KEY = randomBytes(32).toString('hex')
const PAGE = '/hospital/junta'
const FIRST = 'Junta publicada desde el nodo 1'
const SECOND = 'Junta de la segunda publicación'

let database: PlatformDatabase
const keyBefore = process.env[SITE_KEY_VARIABLE]
let tmp: string
const folder = (node: string) => path.join(tmp, node, 'publicaciones')
const servers: RunningServer[] = []
let node1: RunningServer
let node2: RunningServer
let siteB: RunningServer
/** Started aside as `npm run actualizar` starts new code: PUBLICACIONES_SEGUIR_BASE=no. */
let aside: RunningServer

function setTitle(client: string, title: string): void {
  const file = path.join(client, PAGE.slice(1), 'index.html')
  const html = fs.readFileSync(file, 'utf8')
  fs.writeFileSync(file, html.replace(/(<h1[^>]*>)[\s\S]*?(<\/h1>)/, `$1${title}$2`))
}

/** Node `node`'s folder for site A, whose build step copies the built site with the page titled `title`. */
const target = (node: string, title = ''): Target => ({
  releasesDir: folder(node),
  site: 'a',
  command: 'npm run publicar -- --sitio a',
  manifestDir: path.resolve('manifest'),
  database: { url: database.serverUrl, site: 'a' },
  build: async id => {
    const client = path.join(folder(node), id, 'client')
    fs.cpSync(clientDir(), client, { recursive: true })
    setTitle(client, title)
    return true
  },
})

async function title(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}${PAGE}`)
  return (
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(await res.text())?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? ''
  )
}

/** Asks `server` for the page until it has `expected` (each request may start the node's look at the database). */
async function serves(server: RunningServer, expected: string, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline && (await title(server)) !== expected) await new Promise(r => setTimeout(r, 150))
  expect(await title(server)).toBe(expected)
}

const count = async (site: string, table: string) =>
  Number((await querySite<{ n: string }>(database.serverUrl, site, `SELECT COUNT(*) AS n FROM ${table}`, [], KEY))[0]!.n)

beforeAll(async () => {
  process.env[SITE_KEY_VARIABLE] = KEY
  database = await platformDatabase('publicaciones_nodos', `duenio_pub_${suffix}`, `servidor_pub_${suffix}`, KEY)
  // Inside the project, as publicar requires of its releases folder.
  fs.mkdirSync(path.resolve('test-results'), { recursive: true })
  tmp = fs.mkdtempSync(path.resolve('test-results', 'publicacion-nodos-'))
  const start = async (node: string, siteId: string, env: NodeJS.ProcessEnv = {}) => {
    const server = await startInProcess({
      label: node,
      databaseUrl: database.serverUrl,
      siteId,
      releasesDir: folder(node),
      releaseCheckMs: 300,
      followDatabaseReleases: configFromEnv(env).followDatabaseReleases,
    })
    servers.push(server)
    return server
  }
  node1 = await start('nodo1', 'a')
  node2 = await start('nodo2', 'a')
  siteB = await start('sitio-b', 'b')
  aside = await start('aparte', 'a', { PUBLICACIONES_SEGUIR_BASE: 'no' })
}, 120_000)

afterAll(async () => {
  for (const s of servers) await s.close()
  await database?.drop()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  if (keyBefore === undefined) delete process.env[SITE_KEY_VARIABLE]
  else process.env[SITE_KEY_VARIABLE] = keyBefore
})

describe('a publication made on one node is served by every node', () => {
  let first = ''
  let second = ''

  it('node 2, with its own folders, serves what was published on node 1 within seconds, from its own disk', async () => {
    const unpublished = await title(node2)
    first = await publishInto(target('nodo1', FIRST), 5, () => undefined)
    await serves(node2, FIRST)
    expect(unpublished).not.toBe(FIRST)
    expect(readPointer(folder('nodo2'))?.actual).toBe(`${first}/client`)
    expect(fs.existsSync(path.join(folder('nodo2'), first, 'client', 'index.html'))).toBe(true)
    // The server started aside to check new code serves its own disk only, and writes nothing there, however often asked.
    for (let i = 0; i < 8; i++) {
      expect(await title(aside)).toBe(unpublished)
      await new Promise(r => setTimeout(r, 250))
    }
    expect(fs.existsSync(folder('aparte'))).toBe(false)
  }, 60_000)

  it('a second publication stores only the files that changed; node 2 serves it', async () => {
    const before = await count('a', 'publicaciones_archivos')
    second = await publishInto(target('nodo1', SECOND), 5, () => undefined)
    // The page whose title changed and the release's own record (its date): every other file is stored already.
    expect((await count('a', 'publicaciones_archivos')) - before).toBe(2)
    await serves(node2, SECOND)
  }, 60_000)

  it('--revertir run on node 2 reaches node 1', async () => {
    await revert(target('nodo2'), undefined)
    await serves(node1, FIRST)
    await serves(node2, FIRST)
    // --lista on node 1 says what every node serves now, from the database.
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
    try {
      await listReleasesThrough(target('nodo1'))
    } finally {
      log.mockRestore()
    }
    expect(lines.at(-1)).toBe(
      `En la base de datos (lo que sirven todos los equipos): en servicio ${first} (anterior: ${second}); conservadas: ${first}, ${second}.`,
    )
  }, 60_000)

  it('site B never gets A’s release: its folder stays empty and its connection sees none of A’s rows', async () => {
    expect(await title(siteB)).not.toBe(FIRST)
    expect(fs.existsSync(folder('sitio-b')) ? fs.readdirSync(folder('sitio-b')) : []).toEqual([])
    for (const table of ['publicaciones', 'publicaciones_puntero', 'publicaciones_archivos']) {
      expect(await count('b', table), table).toBe(0)
      expect(await count('a', table), table).toBeGreaterThan(0)
    }
  })

  it('a row naming a path outside the releases folder is refused, a release missing a file leaves no folder; node 2 keeps serving', async () => {
    const bytes = Buffer.from('<h1>fuera</h1>')
    const hash = createHash('sha256').update(bytes).digest('hex')
    const files = { 'client/index.html': hash, 'client/404.html': hash, '../../fuera.html': hash }
    const asA = (text: string, values: unknown[]) => querySite(database.serverUrl, 'a', text, values, KEY)
    await asA('INSERT INTO publicaciones_archivos (hash, contenido) VALUES ($1, $2) ON CONFLICT DO NOTHING', [hash, bytes])
    await asA("INSERT INTO publicaciones (publicacion, archivos, creada_en) VALUES ('hostil', $1, '2026-11-25T00:00:00Z')", [JSON.stringify(files)])
    const follow = () => withSiteClient(database.serverUrl, 'a', client => followDatabasePointer(client, folder('nodo2')))

    await asA("UPDATE publicaciones_puntero SET actual = 'hostil/client', cambiado_en = '2026-11-25T00:00:01Z'", [])
    await expect(follow()).rejects.toThrow(/fuera de su carpeta/)
    await asA("UPDATE publicaciones_puntero SET actual = '../../sitio-b/publicaciones/hostil/client', cambiado_en = '2026-11-25T00:00:02Z'", [])
    await expect(follow()).rejects.toThrow(/fuera de las publicaciones/)

    // A release whose list names a file the database lacks: nothing of it is left, not even a half folder.
    const absent = 'f'.repeat(64)
    await asA("INSERT INTO publicaciones (publicacion, archivos, creada_en) VALUES ('incompleta', $1, '2026-11-25T00:00:00Z')", [
      JSON.stringify({ 'client/index.html': hash, 'client/404.html': hash, 'client/falta.html': absent }),
    ])
    await asA("UPDATE publicaciones_puntero SET actual = 'incompleta/client', cambiado_en = '2026-11-25T00:00:03Z'", [])
    await expect(follow()).rejects.toThrow(/faltan 1 archivo/)
    expect(fs.existsSync(path.join(folder('nodo2'), 'incompleta'))).toBe(false)

    expect(fs.existsSync(path.join(tmp, 'nodo2', 'fuera.html'))).toBe(false)
    expect(fs.readdirSync(folder('nodo2')).filter(f => f.startsWith('.') || f === 'hostil')).toEqual([])
    await new Promise(r => setTimeout(r, 700))
    expect(await title(node2)).toBe(FIRST)
    expect(fs.existsSync(folder('sitio-b')) ? fs.readdirSync(folder('sitio-b')) : []).toEqual([])
  })
})
