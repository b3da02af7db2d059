/**
 * The one way the browser calls the API. Every non-GET/HEAD request to a
 * relative URL carries the anti-forgery header X-XSRF-TOKEN with the value of
 * the XSRF-TOKEN cookie (the framework default names the spec describes).
 */
import { XSRF_BOOTSTRAP_URL, XSRF_COOKIE, XSRF_HEADER } from './xsrf.ts'

export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

/** Relative to this site: a path, not another origin. */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')
}

function needsToken(method: string, url: string): boolean {
  const m = method.toUpperCase()
  return m !== 'GET' && m !== 'HEAD' && isRelativeUrl(url)
}

async function ensureToken(): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE)
  if (existing) return existing
  try {
    await fetch(XSRF_BOOTSTRAP_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  } catch {
    // The real call below reports the network failure.
  }
  return readCookie(XSRF_COOKIE)
}

/** fetch() plus the anti-forgery header on unsafe relative calls. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET'
  const headers = new Headers(init.headers)
  if (needsToken(method, url)) {
    const token = await ensureToken()
    if (token) headers.set(XSRF_HEADER, token)
  }
  return fetch(url, { ...init, headers, credentials: 'same-origin' })
}

export type ApiFailureKind = 'network' | 'validation' | 'rateLimit' | 'tooLarge' | 'forbidden' | 'server'

/** A call that did not end in success; `message` is ready to show to the visitor. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
    readonly status?: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

const KEEP = 'Los datos que escribió se conservan en el formulario.'

export const FAILURE_MESSAGES: Record<ApiFailureKind, string> = {
  network: `No fue posible comunicarse con el servidor. Revise su conexión a internet e intente de nuevo. ${KEEP}`,
  validation: `El servidor no aceptó algunos datos. Revise los campos marcados e intente de nuevo. ${KEEP}`,
  rateLimit: `Se han enviado demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo. ${KEEP}`,
  tooLarge: `El archivo adjunto es demasiado grande para enviarlo. Adjunte un archivo más liviano e intente de nuevo. ${KEEP}`,
  forbidden: `Su sesión de navegación no permitió enviar el formulario. Recargue la página e intente de nuevo. ${KEEP}`,
  server: `No fue posible enviar su solicitud en este momento por un problema del servicio. Intente de nuevo más tarde. ${KEEP}`,
}

function failureFor(status: number, body: unknown): ApiError {
  const fields =
    body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object'
      ? (body.fields as Record<string, unknown>)
      : undefined
  const messages: Record<string, string> = {}
  for (const [k, v] of Object.entries(fields ?? {})) if (typeof v === 'string') messages[k] = v
  if (status === 400 && Object.keys(messages).length > 0) return new ApiError('validation', FAILURE_MESSAGES.validation, status, messages)
  if (status === 413) return new ApiError('tooLarge', FAILURE_MESSAGES.tooLarge, status)
  if (status === 429) return new ApiError('rateLimit', FAILURE_MESSAGES.rateLimit, status)
  if (status === 403) return new ApiError('forbidden', FAILURE_MESSAGES.forbidden, status)
  if (status >= 400 && status < 500) return new ApiError('validation', FAILURE_MESSAGES.validation, status)
  return new ApiError('server', FAILURE_MESSAGES.server, status)
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json()
  } catch {
    return undefined
  }
}

/**
 * POSTs a JSON object or a FormData (multipart) and returns the answer body.
 * A 403 (usually a missing or stale anti-forgery cookie) is retried once.
 * Throws ApiError with a Spanish message for every failure.
 */
export async function postForm(url: string, body: Record<string, unknown> | FormData): Promise<unknown> {
  const send = () =>
    body instanceof FormData
      ? apiFetch(url, { method: 'POST', body, headers: { Accept: 'application/json' } })
      : apiFetch(url, { method: 'POST', body: JSON.stringify(body), headers: { Accept: 'application/json', 'Content-Type': 'application/json' } })
  let res: Response
  try {
    res = await send()
    if (res.status === 403) {
      await fetch(XSRF_BOOTSTRAP_URL, { credentials: 'same-origin' }).catch(() => undefined)
      res = await send()
    }
  } catch {
    throw new ApiError('network', FAILURE_MESSAGES.network)
  }
  const answer = await readJson(res)
  if (!res.ok) throw failureFor(res.status, answer)
  return answer
}

/** The filing number of an answer `{id}`, as text. */
export function filingNumber(answer: unknown): string | undefined {
  if (answer && typeof answer === 'object' && 'id' in answer) {
    const id = (answer as { id: unknown }).id
    if (typeof id === 'string' || typeof id === 'number') return String(id)
  }
  return undefined
}
