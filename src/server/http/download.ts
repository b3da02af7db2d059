import type { FastifyReply } from 'fastify'

/**
 * `Content-Disposition` of a file the browser must save, never show: the
 * name the sender's computer gave it in ASCII (quotes and backslashes
 * replaced, so it cannot break out of the header), and the exact name in
 * UTF-8 for browsers that read RFC 6266's `filename*`.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** A download: saved under `name`, of the type the server found in the content (never one the sender announced). */
export function asDownload(reply: FastifyReply, name: string, type: string): FastifyReply {
  return reply.type(type).header('content-disposition', attachmentDisposition(name)).header('x-content-type-options', 'nosniff')
}
