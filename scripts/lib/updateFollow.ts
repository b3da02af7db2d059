/**
 * `npm run actualizar` after the switch: the service restarts with the new code; if it does not come back with it,
 * everything goes back (checkout, packages, pointer). Its own module so that this safety net is tested where it acts
 * (tests/api/actualizar-safety-nets.test.ts), not only through a whole update.
 */
import { type Pointer, writePointer } from '../../src/server/releases.ts'
import { type Advance, resetCheckout } from './updateCheckout.ts'
import { waitForCode } from './updateHealth.ts'

export interface FollowContext {
  root: string
  releasesDir: string
  /** The running service's address (updateHealth.ts serviceBase). */
  service: string
  advance: Advance
  /** The pointer before the switch, if there was one. */
  before: Pointer | undefined
  /** The pointer written by the switch. */
  pointer: Pointer
  migrations: string[]
  waitMs: number
  /** "1.4.0 (abc1234)" of a commit, for messages. */
  version(commit: string): string
  fail(message: string): never
}

export async function followService(c: FollowContext): Promise<void> {
  console.log(`Esperando a que el servicio (${c.service}) se reinicie con la versión nueva (hasta ${c.waitMs / 1000} s)…`)
  if (await waitForCode(c.service, c.advance.to, c.waitMs)) return
  // Naming the old commit makes a service that did start the new code restart once more, with the old one.
  resetCheckout(c.root, c.advance)
  writePointer(c.releasesDir, { ...(c.before ?? { actual: c.pointer.actual }), codigo: c.advance.from })
  c.fail(
    `el servicio no volvió a responder con la versión nueva en ${c.waitMs / 1000} s (¿corre como servicio, con SERVICIO_SUPERVISADO=1?). ` +
      `Se volvió a la versión ${c.version(c.advance.from)} y a la publicación anterior; el servicio se reinicia con ella.` +
      (c.migrations.length
        ? ` Las migraciones aplicadas (${c.migrations.join(', ')}) quedan en la base: la versión anterior funciona con ellas (si una dijera lo contrario, no arrancaría: restaure el respaldo recién hecho, npm run restaurar).`
        : ''),
  )
}
