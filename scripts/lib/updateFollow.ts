/**
 * `npm run actualizar` after the switch: the service restarts with the new code; if it does not come back with it,
 * everything goes back (checkout, packages, pointer). Its own module so that this safety net is tested where it acts
 * (tests/api/actualizar-safety-nets.test.ts), not only through a whole update.
 */
import { type Pointer, writePointer } from '../../src/server/releases.ts'
import { startFailureOf } from '../../src/server/startFailure.ts'
import { type Advance, resetCheckout, stateAfterReset } from './updateCheckout.ts'
import { rememberFailure } from './updateMemory.ts'
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

/**
 * Waits for the service's own readiness: done as soon as it answers with the new commit; given up as soon as the new
 * code reports a failed start (src/server/startFailure.ts), with its reason; `waitMs` is only the outer limit.
 */
export async function followService(c: FollowContext): Promise<void> {
  console.log(`Esperando a que el servicio (${c.service}) se reinicie con la versión nueva (hasta ${c.waitMs / 1000} s)…`)
  const outcome = await waitForCode(c.service, c.advance.to, c.waitMs, () => startFailureOf(c.releasesDir, c.advance.to)?.motivo)
  if (outcome === true) return
  const restored = resetCheckout(c.root, c.advance)
  // Naming the old commit makes a service that did start the new code restart once more, with the old one.
  writePointer(c.releasesDir, { ...(c.before ?? { actual: c.pointer.actual }), codigo: c.advance.from })
  const why =
    outcome === false
      ? `el servicio no volvió a responder con la versión nueva en ${c.waitMs / 1000} s (¿corre como servicio, con SERVICIO_SUPERVISADO=1?).`
      : `la versión nueva no pudo arrancar como servicio: ${outcome}.`
  c.fail(
    `${why} ` +
      (restored
        ? `Se volvió a la versión ${c.version(c.advance.from)} y a la publicación anterior; el servicio se reinicia con ella.`
        : `Se volvió a la publicación anterior. ${stateAfterReset(c.root, false, c.version(c.advance.from), false)}`) +
      (c.migrations.length
        ? ` Las migraciones aplicadas (${c.migrations.join(', ')}) quedan en la base: la versión anterior funciona con ellas (si una dijera lo contrario, no arrancaría: restaure el respaldo recién hecho, npm run restaurar).`
        : ''),
  )
}

/**
 * Every failure after the fast-forward and before the switch: the commit is remembered as failed, the checkout (and
 * the packages) go back, and the returned message says truthfully in which state that left the program.
 */
export function abandonBeforeSwitch(root: string, dataDir: string, advance: Advance, message: string, oldVersion: string): string {
  rememberFailure(dataDir, advance.to, message)
  const restored = resetCheckout(root, advance)
  return `${message}\n  ${stateAfterReset(root, restored, oldVersion)}`
}
