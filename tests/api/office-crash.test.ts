import { spawnSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { Client, ROOT, startChild, tempDataDir, validPqrs, withStore, type ChildServer } from './helpers.ts'
import { CITIZEN_MAIL_ACTION } from '../../src/server/features/office/citizenNotices.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * An office action acknowledged is on disk: actions are sent at once to the
 * real server process, which is killed with SIGKILL once some have been
 * answered; after a restart every acknowledged action is in the filing's
 * state, its history and the audit trail.
 */
const FILINGS = 40
const KILL_AFTER = 12
const STAFF = { correo: 'jefe@hospital.gov.co', clave: 'clave larga para el choque' }

let server: ChildServer | undefined
afterAll(async () => {
  await server?.kill()
})

/**
 * The staff's own steps of a filing's history. After an answer the server also notes whether the citizen's
 * e-mail went out (`correo_ciudadano`, written after the action is committed: a kill between the two can leave
 * the note out, which the office sees as "no e-mail recorded"); that note is not part of the action's atomicity.
 */
async function actions(store: Parameters<Parameters<typeof withStore>[1]>[0], id: string) {
  return (await store.history(id)).filter(h => h.accion !== CITIZEN_MAIL_ACTION)
}

describe('office actions under kill -9', () => {
  it('every acknowledged action survives SIGKILL with its history and audit row', async () => {
    const dataDir = tempDataDir('oficina-choque')
    const made = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', 'Jefe', '--rol', 'admin']), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      input: `${STAFF.clave}\n`,
      encoding: 'utf8',
    })
    expect(made.status, made.stderr).toBe(0)
    server = await startChild(dataDir)
    const client = await new Client(server.url).init()
    const ids: string[] = []
    for (let i = 0; i < FILINGS; i++) ids.push(((await (await client.postJson('/api/pqrs', validPqrs())).json()) as { id: string }).id)
    const signIn = await fetch(`${server.url}/api/oficina/sesion`, {
      method: 'POST',
      headers: client.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(STAFF),
    })
    const session = signIn.headers
      .getSetCookie()
      .find(c => c.startsWith('oficina_sesion='))!
      .split(';')[0]!
    const headers = { ...client.headers({ 'content-type': 'application/json' }), cookie: `XSRF-TOKEN=${client.token}; ${session}` }

    const acked: string[] = []
    let killed: Promise<void> | undefined
    await Promise.all(
      ids.map(async id => {
        try {
          const res = await fetch(`${server!.url}/api/oficina/radicaciones/${id}/acciones`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ accion: 'responder', texto: `Respuesta a ${id}` }),
          })
          if (res.status !== 200) return
          await res.json()
          acked.push(id)
          if (acked.length === KILL_AFTER && !killed) killed = server!.kill('SIGKILL')
        } catch {
          // cut by the kill
        }
      }),
    )
    await killed
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER)

    await withStore(dataDir, async store => {
      const audit = await store.listAudit()
      for (const id of acked) {
        expect((await store.getTramite(id))?.estado).toBe('respondida')
        const history = await actions(store, id)
        expect(history.map(h => [h.accion, h.texto])).toEqual([['responder', `Respuesta a ${id}`]])
        expect(audit.filter(a => a.radicado === id && a.evento === 'accion')).toHaveLength(1)
      }
      // Nothing half-stored: a filing has a history row exactly when its state says answered.
      for (const id of ids) {
        const answered = (await store.getTramite(id))?.estado === 'respondida'
        expect((await actions(store, id)).length).toBe(answered ? 1 : 0)
      }
    })
  }, 90_000)
})
