/**
 * A logger whose lines (pino's JSON, one string each) the test reads: what a command or a server's timer would have
 * written to the process log.
 */
import { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'

export function capturedLog(level = 'info'): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = []
  const log = pino(
    { level },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    }),
  ) as unknown as FastifyBaseLogger
  return { log, lines }
}
