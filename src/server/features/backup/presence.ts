/**
 * Which servers are using a DATA_DIR right now, so that `npm run restaurar` never replaces a store under a
 * running server. Each server process keeps a small file in DATA_DIR/servidores and touches it every
 * HEARTBEAT_MS; the file is removed when the server closes. A file counts as a running server while it was
 * touched within STALE_MS — and, on this machine, while its process exists (a server killed without
 * closing leaves a file behind that must not block a restore for ever). Several processes may share one
 * DATA_DIR (PostgreSQL), possibly from other machines: the folder is what they share, so it is what is checked.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const PRESENCE_DIR = 'servidores'
export const HEARTBEAT_MS = 10_000
export const STALE_MS = 60_000

interface PresenceRecord {
  pid: number
  equipo: string
  desde: string
}

export function markServer(dataDir: string): { stop(): void } {
  const dir = path.join(dataDir, PRESENCE_DIR)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = path.join(dir, `${os.hostname().replace(/[^A-Za-z0-9_.-]/g, '_')}-${process.pid}-${crypto.randomUUID().slice(0, 8)}.json`)
  const record: PresenceRecord = { pid: process.pid, equipo: os.hostname(), desde: new Date().toISOString() }
  fs.writeFileSync(file, JSON.stringify(record))
  const timer = setInterval(() => {
    const now = new Date()
    try {
      fs.utimesSync(file, now, now)
    } catch {
      // Removed by hand: write it again.
      try {
        fs.writeFileSync(file, JSON.stringify(record))
      } catch {
        // DATA_DIR unwritable: the health check reports that; the next beat tries again.
      }
    }
  }, HEARTBEAT_MS)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      fs.rmSync(file, { force: true })
    },
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user (the service account).
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The servers using DATA_DIR now: «equipo, proceso N». */
export function runningServers(dataDir: string, now = Date.now()): string[] {
  const dir = path.join(dataDir, PRESENCE_DIR)
  if (!fs.existsSync(dir)) return []
  const found: string[] = []
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name)
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_MS) continue
      const r = JSON.parse(fs.readFileSync(file, 'utf8')) as PresenceRecord
      if (r.equipo === os.hostname() && !processExists(r.pid)) continue
      found.push(`${r.equipo}, proceso ${r.pid}`)
    } catch {
      // Half-written or removed meanwhile.
    }
  }
  return found
}
