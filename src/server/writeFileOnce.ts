/**
 * A file made once by whichever process gets there first (a key, a day's secret), seen by every other process either
 * whole or not at all. Two processes start at once on one data folder (two nodes behind a balancer, a server and the
 * first backup): opening the final name with `wx` and then writing let the loser read it still empty. Here the bytes
 * go to a file of this process first, and a hard link gives them the name, which fails when the name already exists.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Writes `data` to `file` unless it exists; true when this call made it. The folder is made (0700) when missing. */
export function writeFileOnce(file: string, data: string | Buffer, mode = 0o600): boolean {
  const dir = path.dirname(file)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const draft = path.join(dir, `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`)
  fs.writeFileSync(draft, data, { mode, flag: 'wx' })
  try {
    fs.linkSync(draft, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    // A file system without hard links (FAT/exFAT, some network shares): a rename, checked first.
    if (fs.existsSync(file)) return false
    fs.renameSync(draft, file)
    return true
  } finally {
    fs.rmSync(draft, { force: true })
  }
}
