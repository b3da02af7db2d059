import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { dayTimestamp } from '../../src/manifest/colombiaTime.ts'
import { buildApp, type AppOptions } from '../../src/server/app.ts'
import { clientDirFromEnv } from '../../src/server/config.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'
import { tempDataDir } from '../helpers/tempDirs.ts'
import { PINNED_DAY, pinnedClock } from '../helpers/testClock.ts'
import type { FilingRow, FilingStore } from '../../src/server/store/store.ts'

export const ROOT = path.resolve(import.meta.dirname, '../..')

// A fresh DATA_DIR, removed when the test file ends (tests/helpers/tempDirs.ts).
export { tempDataDir }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/** The built site the static tests read (npm test builds before vitest). */
export function clientDir(): string {
  return clientDirFromEnv()
}

export interface RunningServer {
  url: string
  dataDir: string
  close(): Promise<void>
}

/** A real server in this process, listening on a free 127.0.0.1 port (fast; used by most suites), its clock at PINNED_DAY unless `now` is given. */
export async function startInProcess(options: Partial<AppOptions> & { label?: string } = {}): Promise<RunningServer & { app: FastifyInstance }> {
  const dataDir = options.dataDir ?? tempDataDir(options.label ?? 'app')
  // The tests' PostgreSQL cluster has one role, its superuser: test servers may use it (tests/api/pg-roles.test.ts checks the refusal).
  // The server's clock is set, never the day the suite runs: PINNED_DAY unless the test brings its own clock.
  const app = await buildApp({
    clientDir: clientDir(),
    logLevel: 'silent',
    rateLimitMax: 10_000,
    allowDatabaseOwner: true,
    now: pinnedClock().now,
    ...options,
    dataDir,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { app, url: `http://127.0.0.1:${port}`, dataDir, close: () => app.close() }
}

export interface ChildServer extends RunningServer {
  proc: ChildProcess
  output: () => string
  kill(signal?: NodeJS.Signals): Promise<void>
}

/** The server as production runs it, `src/server/main.ts` with its environment variables, from its compiled copy (tests/helpers/compiledCommand.ts). */
export async function startChild(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort()
  let out = ''
  const proc = spawn(process.execPath, compiledNodeArgs('src/server/main.ts'), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      DATABASE_ALLOW_OWNER: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<void>(resolve => proc.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`El servidor terminó al iniciar:\n${out}`)
    try {
      const res = await fetch(`${url}/api/tipo-solicitud`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL')
      throw new Error(`El servidor no respondió a tiempo:\n${out}`)
    }
    await new Promise(r => setTimeout(r, 100))
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    kill: async (signal = 'SIGKILL') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal)
      await exited
    },
    close: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM')
      await exited
    },
  }
}

/** Reads the XSRF-TOKEN cookie the server sets on a GET; posts echo it as the header. */
export class Client {
  token = ''
  constructor(readonly base: string) {}

  async init(): Promise<this> {
    const res = await fetch(`${this.base}/api/tipo-solicitud`)
    const cookie = res.headers.getSetCookie().find(c => c.startsWith('XSRF-TOKEN='))
    if (!cookie) throw new Error('El servidor no entregó la cookie XSRF-TOKEN')
    this.token = cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)
    await res.arrayBuffer()
    return this
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: `XSRF-TOKEN=${this.token}`, 'x-xsrf-token': this.token, ...extra }
  }

  get(p: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.base}${p}`, { headers, redirect: 'manual' })
  }

  postJson(p: string, body: unknown, headers?: Record<string, string>): Promise<Response> {
    return fetch(`${this.base}${p}`, {
      method: 'POST',
      headers: headers ?? this.headers({ 'content-type': 'application/json' }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  }

  postRaw(p: string, body: string | Uint8Array, contentType: string): Promise<Response> {
    return fetch(`${this.base}${p}`, {
      method: 'POST',
      headers: this.headers({ 'content-type': contentType }),
      body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
    })
  }

  postForm(p: string, form: FormData): Promise<Response> {
    return fetch(`${this.base}${p}`, { method: 'POST', headers: this.headers(), body: form })
  }
}

export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

export function validPqrs(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tipoSolicitud: 1,
    tipoPersona: 1,
    tipoIdentificacion: 1,
    numeroIdentificacion: '1020304050',
    nombre: 'María José',
    apellido: 'Pérez Gómez',
    direccion: 'Calle 10 # 5-23, barrio Centro',
    telefono: '3001234567',
    correoElectronico: 'maria@example.com',
    tipoRespuesta: 1,
    mensaje: 'Solicito información sobre el horario de vacunación.',
    autorizacionDatos: true,
    ...extra,
  }
}

export function validCita(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nombre: 'Carlos Andrés Ruiz',
    tipoIdentificacion: 1,
    numeroIdentificacion: '79111222',
    correoElectronico: 'carlos@example.com',
    whatsapp: '3109876543',
    eps: 'Nueva EPS',
    tipoServicio: 1,
    autorizacionDatos: true,
    // «Servicio» is sensitive (cita.yaml): the explicit authorization of docs/decisions/testing.md
    autorizacionDatosSensibles: true,
    // The day of the request, as the browser sends it (the server accepts it one day either side: diasPermitidos in cita.yaml):
    // the in-process servers' day (startInProcess); a test of a server on the system clock passes its own.
    fechaCita: dayTimestamp(PINNED_DAY),
    ...extra,
  }
}

export function historiaFields(extra: Record<string, string> = {}): Record<string, string> {
  return {
    nombre: 'Luz Dary',
    apellido: 'Moreno',
    tipoIdentificacion: '1',
    numeroIdentificacion: '52333444',
    telefono: '6012345678',
    whatsapp: '3201112233',
    correoElectronico: 'luz@example.com',
    autorizacionDatos: 'true',
    // The PDF is sensitive (historia-clinica.yaml): the explicit authorization of docs/decisions/testing.md
    autorizacionDatosSensibles: 'true',
    ...extra,
  }
}

export function historiaForm(
  fields: Record<string, string> = historiaFields(),
  file: { content: Buffer; name: string; type?: string } | null = { content: TINY_PDF, name: 'solicitud.pdf' },
): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file) form.append('pdf', new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/pdf' }), file.name)
  return form
}

/** The numbering plan of the site's form manifests. */
export const FILING_PLAN = loadFilingForms().plan

/** Opens the store of a DATA_DIR read-only through its interface (the server may still be running: WAL allows it). */
export function openStore(dataDir: string): Promise<FilingStore> {
  return openFilingStore({ dataDir, plan: FILING_PLAN, readonly: true })
}

/** Runs `fn` on a read-only store of the DATA_DIR and closes it. */
export async function withStore<T>(dataDir: string, fn: (store: FilingStore) => Promise<T>): Promise<T> {
  const store = await openStore(dataDir)
  try {
    return await fn(store)
  } finally {
    await store.close()
  }
}

/** A stored filing by its number (its kind is read off the series), through the store's interface. */
export async function storedFiling(dataDir: string, radicado: string): Promise<FilingRow | undefined> {
  const serie = radicado.split('-')[0]
  const kind = Object.entries(FILING_PLAN.series).find(([, s]) => s === serie)?.[0]
  if (!kind) throw new Error(`Serie desconocida en ${radicado}`)
  return withStore(dataDir, async store => (await store.listFilings(kind)).find(f => f.radicado === radicado))
}

/** Rows in the store and files in the uploads folder (kept and half-received). */
export async function countRows(dataDir: string): Promise<{ radicaciones: number; adjuntos: number; suscripciones: number; archivos: number }> {
  const counts = await withStore(dataDir, store => store.counts())
  const dir = path.join(dataDir, 'adjuntos')
  const archivos = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter(e => e.isFile()).length : 0
  const tmp = path.join(dir, '.tmp')
  const pending = fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0
  return { ...counts, archivos: archivos + pending }
}

export const RADICADO = /^(PQRS|CITA|HC|SUS)-\d{4}-\d{6,}$/

/** Polls until `fn` returns a value (e-mails, log lines arriving asynchronously), or fails after `ms` (generous: a loaded machine delays mail by seconds). */
export async function waitFor<T>(fn: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error('tiempo de espera agotado')
    await new Promise(r => setTimeout(r, 50))
  }
}

export interface StaffSession {
  /** A GET with the office session cookie. */
  get(p: string): Promise<Response>
  /** An office action on a filing: a FormData as it is (attachments), anything else as JSON. */
  act(radicado: string, body: Record<string, unknown> | FormData): Promise<Response>
}

/** A member of staff signed in through the office API (no second factor), as the office's pages do. */
export async function signInStaff(base: string, account: { correo: string; clave: string }): Promise<StaffSession> {
  const client = await new Client(base).init()
  const res = await fetch(`${base}/api/oficina/sesion`, {
    method: 'POST',
    headers: client.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(account),
  })
  if (res.status !== 200) throw new Error(`Inicio de sesión de ${account.correo}: ${res.status} ${await res.text()}`)
  const session = res.headers
    .getSetCookie()
    .find(c => c.startsWith('oficina_sesion='))!
    .split(';')[0]!
  const cookie = `XSRF-TOKEN=${client.token}; ${session}`
  return {
    get: p => fetch(`${base}${p}`, { headers: { cookie } }),
    act: (radicado, body) =>
      fetch(`${base}/api/oficina/radicaciones/${radicado}/acciones`, {
        method: 'POST',
        headers: { cookie, 'x-xsrf-token': client.token, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : JSON.stringify(body),
      }),
  }
}

/** One filing («de <site>») in each of `sites` of a platform database, through each site's own store. */
export async function oneFilingPerSite(databaseUrl: string, siteKey: string, label: string, sites = ['a', 'b']): Promise<void> {
  for (const site of sites) {
    const store = await openFilingStore({ dataDir: tempDataDir(`${label}-${site}`), plan: FILING_PLAN, databaseUrl, siteId: site, siteKey })
    try {
      await store.createFiling({ kind: 'pqrs', datos: { m: `de ${site}` } })
    } finally {
      await store.close()
    }
  }
}
