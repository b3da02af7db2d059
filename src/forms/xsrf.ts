/**
 * Anti-forgery names shared by the browser (src/forms/apiClient.ts) and the
 * server (src/server/security.ts, src/server/http/noScript.ts): the
 * framework-default double-submit cookie and header the spec describes.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN'
/** As sent by the browser; Node lower-cases incoming header names (see XSRF_HEADER_LOWER). */
export const XSRF_HEADER = 'X-XSRF-TOKEN'
export const XSRF_HEADER_LOWER = XSRF_HEADER.toLowerCase()
/** A GET that makes the server set the XSRF-TOKEN cookie when the visitor has none yet. */
export const XSRF_BOOTSTRAP_URL = '/api/tipo-solicitud'
