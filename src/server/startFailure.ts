/**
 * A server that cannot start leaves a note next to the release pointer: which code it was asked to run and why it
 * stopped. `npm run actualizar` reads it after the switch to give up at once, with the reason, instead of waiting
 * out its whole limit while the supervisor restarts a process that will never be ready
 * (docs/decisions/updates-and-releases.md, «The wait after the switch»).
 */
import fs from 'node:fs'
import path from 'node:path'
import { pointedCode } from './releases.ts'

export const START_FAILURE_FILE = 'arranque-fallido.json'

export interface StartFailure {
  /** The commit the pointer named when the start failed (undefined outside `npm run actualizar`). */
  codigo?: string
  fecha: string
  /** The error's message: start-up errors are about configuration and code, never a citizen's data. */
  motivo: string
}

/** Best effort: a read-only or missing folder must not hide the original error. */
export function recordStartFailure(releasesDir: string, reason: string, now: Date = new Date()): void {
  try {
    const note: StartFailure = { codigo: pointedCode(releasesDir), fecha: now.toISOString(), motivo: reason.slice(0, 2000) }
    fs.writeFileSync(path.join(releasesDir, START_FAILURE_FILE), `${JSON.stringify(note, null, 2)}\n`)
  } catch {
    // Nothing else to do: the error itself still goes to the log.
  }
}

/** The note left by a failed start of `codigo`, if any. */
export function startFailureOf(releasesDir: string, codigo: string): StartFailure | undefined {
  try {
    const note = JSON.parse(fs.readFileSync(path.join(releasesDir, START_FAILURE_FILE), 'utf8')) as StartFailure
    return note.codigo === codigo ? note : undefined
  } catch {
    return undefined
  }
}

export function clearStartFailure(releasesDir: string): void {
  fs.rmSync(path.join(releasesDir, START_FAILURE_FILE), { force: true })
}
