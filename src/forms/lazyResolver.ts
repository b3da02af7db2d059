import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { PreparedForm } from './prepared.ts'
import { toPayload } from './clientPayload.ts'

type AjvResolverFactory = typeof import('@hookform/resolvers/ajv').ajvResolver

let loading: Promise<AjvResolverFactory> | undefined

/**
 * Loads Ajv and @hookform/resolvers/ajv on demand: a page that merely shows a
 * form downloads them only when the visitor starts filling it in.
 */
export function loadAjvResolver(): Promise<AjvResolverFactory> {
  loading ??= import('@hookform/resolvers/ajv').then((m) => m.ajvResolver)
  return loading
}

function firstMessage(node: unknown): FieldError | undefined {
  if (!node || typeof node !== 'object') return undefined
  const obj = node as Record<string, unknown>
  if (typeof obj.message === 'string') return { type: String(obj.type ?? 'validate'), message: obj.message }
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'ref') continue
    const found = firstMessage(v)
    if (found) return found
  }
  return undefined
}

/** One message per top-level field (a file's /pdf/tipo error belongs to «pdf»), as the server's fieldMessages does. */
export function flattenErrors(errors: FieldErrors): FieldErrors {
  const out: Record<string, FieldError> = {}
  for (const [name, node] of Object.entries(errors)) {
    const e = firstMessage(node)
    if (e) out[name] = e
  }
  return out as FieldErrors
}

/**
 * react-hook-form resolver: normalizes the values exactly as the server does
 * (normalizeSubmission) and validates them with @hookform/resolvers/ajv and
 * the compiled schema of the definition, so browser and server show the same
 * messages. Valid submissions hand the raw values on (files included).
 */
export function lazyAjvResolver(prepared: PreparedForm): Resolver<FieldValues> {
  let inner: ReturnType<AjvResolverFactory> | undefined
  return async (values, context, options) => {
    if (!inner) inner = (await loadAjvResolver())(prepared.esquema as never)
    const payload = toPayload(prepared.definicion, values)
    const result = await inner(payload, context, options as never)
    if (Object.keys(result.errors).length === 0) return { values, errors: {} }
    return { values: {}, errors: flattenErrors(result.errors as FieldErrors) }
  }
}
