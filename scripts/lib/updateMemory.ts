/**
 * `npm run actualizar` remembers the commit whose update failed (a file in the data folder, which survives the
 * checkout's resets) and does not try it again on the next run unless told `--reintentar`: a release that fails after
 * the switch costs minutes of outage each time, and an unattended run (a timer) would repeat it every time
 * (docs/decisions/updates-and-releases.md, «A failed commit is not tried again»).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Fail } from './updateCheckout.ts'

export const FAILED_UPDATE_FILE = 'actualizacion-fallida.json'

export interface FailedUpdate {
  codigo: string
  fecha: string
  /** The update's own Spanish message (no personal data: it speaks of code, packages and health checks). */
  motivo: string
}

const file = (dataDir: string) => path.join(dataDir, FAILED_UPDATE_FILE)

export function rememberFailure(dataDir: string, codigo: string, motivo: string, now: Date = new Date()): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true })
    const note: FailedUpdate = { codigo, fecha: now.toISOString(), motivo: motivo.slice(0, 4000) }
    fs.writeFileSync(file(dataDir), `${JSON.stringify(note, null, 2)}\n`)
  } catch (error) {
    console.error(`✗ No se pudo anotar la versión fallida en ${file(dataDir)}: ${(error as Error).message}`)
  }
}

export function failedUpdate(dataDir: string): FailedUpdate | undefined {
  try {
    return JSON.parse(fs.readFileSync(file(dataDir), 'utf8')) as FailedUpdate
  } catch {
    return undefined
  }
}

export function forgetFailure(dataDir: string): void {
  fs.rmSync(file(dataDir), { force: true })
}

/** Refuses `codigo` when an earlier update to it failed, unless `retry` (`--reintentar`). */
export function refuseFailedBefore(dataDir: string, codigo: string, retry: boolean, label: string, fail: Fail): void {
  const before = failedUpdate(dataDir)
  if (!before || before.codigo !== codigo || retry) return
  fail(
    `la versión ${label} ya falló al actualizar (${before.fecha}); no se intenta de nuevo.\n` +
      `  Motivo anotado: ${before.motivo.split('\n')[0]}\n` +
      `  Corrija la causa y ejecute «npm run actualizar -- --reintentar», o espere una versión más nueva (${file(dataDir)}).`,
  )
}
