/** One publication or update at a time per releases folder: a second one would race for the pointer. */
import fs from 'node:fs'
import path from 'node:path'

export const RELEASE_LOCK_FILE = 'publicando.lock'

/** Takes the lock or calls `fail` (Spanish) when another live process holds it; a lock left by a dead process is taken over. */
export function lockReleases(releasesDir: string, fail: (message: string) => never): void {
  const lock = path.join(releasesDir, RELEASE_LOCK_FILE)
  fs.mkdirSync(releasesDir, { recursive: true })
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
  } catch {
    const pid = Number(fs.readFileSync(lock, 'utf8'))
    let alive = false
    try {
      process.kill(pid, 0)
      alive = true
    } catch {
      alive = false
    }
    if (alive && pid !== process.pid) fail(`ya hay una publicación o una actualización en curso (proceso ${pid}); espere a que termine.`)
    fs.writeFileSync(lock, String(process.pid))
  }
  process.on('exit', () => fs.rmSync(lock, { force: true }))
}
