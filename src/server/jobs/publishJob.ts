/**
 * A site's publication as a job (docs/decisions/platform.md, «Jobs on a PostgreSQL queue»): the worker runs the very
 * command an operator runs, `npm run publicar -- --sitio <id>` (scripts/publicar.ts), in a child process of its own,
 * so the publication path (build, check, switch) stays one. The child is the leader of its own process group and
 * watches the worker through an IPC channel: when the worker dies, the channel closes and the child ends itself and
 * the build under it (followWorker), so the job's retry on another worker is not raced by an orphan.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../../manifest/paths.ts'

/** What a publish job carries: the site's id (the worker finds its folders in its own plataforma.yaml). */
export interface PublishJobData {
  sitio: string
}

/** What a finished publish job records: the node and worker process that published, and the command's closing line. */
export interface PublishJobOutput {
  nodo: string
  proceso: number
  resumen: string
}

/** Lines of the command's output kept as the reason of a failed attempt. */
const KEPT_LINES = 12

/** An attempt that failed, with the command's last lines as its reason (Spanish, as the command printed them). */
export class PublishJobError extends Error {}

/** The publish command of this installation; absent where it was installed from a release archive (no build tools). */
export const publishCommand = () => path.join(projectRoot(), 'scripts', 'publicar.ts')

/** Whether this node can publish: a node installed from a release archive takes no publish job (other nodes do). */
export const canPublish = () => fs.existsSync(publishCommand())

/** Runs `scripts/publicar.ts --sitio <id>` and settles when it ends: its closing line, or a PublishJobError. */
export function runPublishCommand(site: string, env: NodeJS.ProcessEnv = process.env): Promise<PublishJobOutput> {
  const root = projectRoot()
  const child = spawn(process.execPath, ['--import', 'tsx', publishCommand(), '--sitio', site], {
    cwd: root,
    env,
    // Its own process group (followWorker ends the group), and an IPC channel whose end tells it the worker died.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) if (line.trim()) lines.push(line)
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return new Promise((resolve, reject) => {
    child.on('error', error => reject(new PublishJobError(`no se pudo iniciar la publicación: ${error.message}`)))
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ nodo: os.hostname(), proceso: process.pid, resumen: lines.findLast(l => l.startsWith('✓')) ?? '' })
      else reject(new PublishJobError(lines.join('\n') || `la publicación terminó con ${signal ?? `código ${code}`}`))
    })
  })
}

/**
 * Called first by `npm run publicar`: when a worker started this process (an IPC channel), the worker's death ends
 * this process and every process it started (its group, detached by runPublishCommand). A publication left half
 * made is a release folder never pointed to; the job's retry makes a new one.
 */
export function followWorker(): void {
  if (!process.send) return
  // The channel alone must not keep the command alive once its work is done.
  process.channel?.unref()
  process.on('disconnect', () => {
    try {
      process.kill(-process.pid, 'SIGKILL')
    } catch {
      process.exit(1)
    }
  })
}
