/**
 * decap-server (Decap CMS's local file-system backend) run inside the editor's process, reachable by no
 * browser: its Express app listens on a private Unix socket (a named pipe on Windows) in a fresh temporary
 * folder, known only to the page server, and answers only calls carrying the per-start secret. docs/decisions/build.md
 * found the separate `decap-server` process on TCP 8081 obeying any web page; decap-server's own entry
 * point can only listen on a TCP port, so its `registerLocalFs` middleware (its public API) is mounted here.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { TOKEN_HEADER, tokenMatches } from './editorGuard.ts'

export interface DecapBackend {
  /** POSTs one CMS call (JSON text) and returns decap-server's answer. */
  call: (body: string) => Promise<{ status: number; json: unknown }>
  close: () => Promise<void>
}

export async function startDecapBackend(root: string, repo: string, token: string): Promise<DecapBackend> {
  const req = createRequire(path.join(root, 'node_modules', 'decap-server', 'package.json'))
  const express = req('express') as any
  const { registerLocalFs } = req('decap-server/dist/middlewares.js') as { registerLocalFs: (app: unknown, o: { logLevel?: string }) => Promise<void> }
  const app = express()
  app.disable('x-powered-by')
  // Before decap-server's own middlewares (which allow any localhost origin by CORS): only the page server.
  app.use((rq: http.IncomingMessage, rs: http.ServerResponse, next: () => void) => {
    if (tokenMatches(token, rq.headers[TOKEN_HEADER])) return next()
    rs.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"Solicitud rechazada"}')
  })
  // decap-server reads its repository folder from the environment when the middleware is registered
  // (synchronously, before its first await); the variable is restored at once.
  const saved = process.env.GIT_REPO_DIRECTORY
  process.env.GIT_REPO_DIRECTORY = repo
  let registered: Promise<void>
  try {
    registered = registerLocalFs(app, { logLevel: 'warn' })
  } finally {
    if (saved === undefined) delete process.env.GIT_REPO_DIRECTORY
    else process.env.GIT_REPO_DIRECTORY = saved
  }
  await registered

  const id = crypto.randomBytes(12).toString('hex')
  let dir: string | undefined
  let socketPath: string
  if (process.platform === 'win32') socketPath = `\\\\.\\pipe\\editor-decap-${id}`
  else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-'))
    fs.chmodSync(dir, 0o700)
    socketPath = path.join(dir, 'decap.sock')
  }
  const server = http.createServer(app)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })

  const call = (body: string) =>
    new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const rq = http.request(
        {
          socketPath,
          path: '/api/v1',
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), [TOKEN_HEADER]: token },
        },
        rs => {
          const chunks: Buffer[] = []
          rs.on('data', (c: Buffer) => chunks.push(c))
          rs.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            try {
              resolve({ status: rs.statusCode ?? 500, json: text ? JSON.parse(text) : null })
            } catch {
              resolve({ status: rs.statusCode ?? 500, json: { error: text } })
            }
          })
          rs.on('error', reject)
        },
      )
      rq.on('error', reject)
      rq.end(body)
    })

  return {
    call,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => {
          if (dir) fs.rmSync(dir, { recursive: true, force: true })
          resolve()
        })
        server.closeAllConnections?.()
      }),
  }
}
