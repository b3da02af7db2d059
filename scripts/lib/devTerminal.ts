/**
 * The terminal of `npm run dev` (docs/decisions/build.md). Staff read it for the manifest's errors, in Spanish; the bundler
 * (Vite), the framework (Vike) and the API server (pino's JSON lines) speak English or JSON through `console.*` and
 * the server's logger. Without `--detalle` all of that goes to a log file, as `npm run build` keeps its bundler
 * output in dist/registro-compilacion.log, and the terminal shows only this script's own Spanish lines; an error
 * from any of them still shows, as one Spanish line that says where its detail is.
 *
 * Vike replaces Vite's logger methods with its own, which print with `console.*` and ignore Vite's `logLevel` and
 * `customLogger` (vike/dist/node/vite/shared/loggerVite.js, `interceptViteLogs`): `console` is the one place every
 * bundler line passes through, hence the redirection there rather than in Vite's logger.
 */
import fs from 'node:fs'
import path from 'node:path'
import { format, stripVTControlCharacters } from 'node:util'

export const DEV_LOG_FILE = 'registro-vista-previa.log'

/** pino's level number for `error`: an API line at or above it is an error staff should hear about. */
const PINO_ERROR = 50
/** A burst of errors (one broken page asked for by several requests) gives one line, not a screenful. */
const ERROR_NOTICE_GAP_MS = 5_000

export interface DevTerminal {
  /** A line for staff (standard output). */
  say(line: string): void
  /** A problem line for staff (standard error). */
  warn(line: string): void
  /** Technical detail (English, a stack trace): the log file, or the terminal with `--detalle`. */
  detail(text: string): void
  /** Where the API server writes its log lines (pino's destination). */
  apiLog: { write(line: string): void }
  /** The log file, relative to the current folder, or undefined with `--detalle` (everything in the terminal). */
  logFile?: string
}

const out = (line: string) => process.stdout.write(`${line}\n`)
const err = (line: string) => process.stderr.write(`${line}\n`)

/** `--detalle`: the bundler, Vike and the API write to the terminal as they do by themselves. */
export function detailedTerminal(): DevTerminal {
  return { say: out, warn: err, detail: err, apiLog: process.stdout }
}

/** Everything but this script's own lines goes to `logPath` (emptied first); errors give a Spanish line. */
export function quietTerminal(logPath: string): DevTerminal {
  fs.mkdirSync(path.dirname(logPath), { recursive: true })
  fs.writeFileSync(logPath, '')
  const shown = path.relative(process.cwd(), logPath) || logPath
  // Appended line by line: nothing is lost if the process ends abruptly, and a build that empties dist/ meanwhile
  // only starts the file again.
  const keep = (text: string) => fs.appendFileSync(logPath, `${stripVTControlCharacters(text).trimEnd()}\n`)
  let lastNotice = 0
  const errorNotice = () => {
    const now = Date.now()
    if (now - lastNotice < ERROR_NOTICE_GAP_MS) return
    lastNotice = now
    err(`✗ La vista previa tuvo un error técnico (el detalle, en inglés, está en ${shown}). Si se repite, avise al área de sistemas.`)
  }
  const toFile =
    (notice: boolean) =>
    (...args: unknown[]) => {
      keep(format(...args))
      if (notice) errorNotice()
    }
  console.log = toFile(false)
  console.info = toFile(false)
  console.debug = toFile(false)
  console.trace = toFile(false)
  console.warn = toFile(false)
  console.error = toFile(true)
  return {
    say: out,
    warn: err,
    detail: keep,
    logFile: shown,
    apiLog: {
      write(line: string) {
        keep(line)
        try {
          if ((JSON.parse(line) as { level?: number }).level! >= PINO_ERROR) errorNotice()
        } catch {
          // not one of pino's JSON lines: kept in the file only
        }
      },
    },
  }
}
