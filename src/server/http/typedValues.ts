import type { FastifyRequest } from 'fastify'
import { isUrlEncoded, plainFields } from './noScript.ts'

/**
 * What a citizen typed into a form posted without script, kept for the answer that sends the form back filled in
 * (docs/decisions/filings.md). A url-encoded body is still on the request; a multipart body was read as a stream,
 * so its reader leaves the text fields here. Held only for the request's life (a WeakMap): never stored or logged.
 */
const kept = new WeakMap<FastifyRequest, Record<string, unknown>>()

export function keepTyped(request: FastifyRequest, values: Record<string, unknown>): void {
  kept.set(request, values)
}

/** The typed text fields, as strings (a repeated field keeps its first value). */
export function typedOf(request: FastifyRequest): Record<string, string> {
  const raw = kept.get(request) ?? (isUrlEncoded(request) ? plainFields(request.body) : undefined) ?? {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(raw)) {
    const first = Array.isArray(v) ? v[0] : v
    if (typeof first === 'string') out[k] = first
  }
  return out
}
