/**
 * The program's version (package.json) and the commit of its code: the release pointer's when `npm run actualizar`
 * set one, else the package's metadata (`paquete.json`, written by `npm run empaquetar`), else the git checkout's HEAD,
 * read from `.git` without running git. So `/salud/detalle` names the commit after a normal install too
 * (docs/decisions/updates-and-releases.md, «Version and commit»).
 */
import fs from 'node:fs'
import path from 'node:path'

const PROGRAM_ROOT = path.resolve(import.meta.dirname, '../..')
const PACKAGE_JSON = path.join(PROGRAM_ROOT, 'package.json')
/** Written into a release archive by `npm run empaquetar`: version, commit, date. */
export const PACKAGE_INFO_FILE = 'paquete.json'

export function programVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? 'desconocida'
  } catch {
    return 'desconocida'
  }
}

const read = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    return undefined
  }
}
const isCommit = (s: string | undefined): boolean => !!s && /^[0-9a-f]{40}$/.test(s)

/** HEAD of the checkout at `root`: a detached commit, a loose ref, or a packed one; a worktree's `.git` file too. */
export function gitHead(root: string): string | undefined {
  let gitDir = path.join(root, '.git')
  const pointerFile = read(gitDir)
  if (pointerFile?.startsWith('gitdir:')) gitDir = path.resolve(root, pointerFile.slice('gitdir:'.length).trim())
  const head = read(path.join(gitDir, 'HEAD'))
  if (isCommit(head)) return head
  const ref = head?.startsWith('ref:') ? head.slice(4).trim() : undefined
  if (!ref) return undefined
  // A worktree keeps its own HEAD but shares refs with the main repository (`commondir`).
  const common = read(path.join(gitDir, 'commondir'))
  const refsDir = common ? path.resolve(gitDir, common) : gitDir
  const loose = read(path.join(refsDir, ref)) ?? read(path.join(gitDir, ref))
  if (isCommit(loose)) return loose
  const packed = read(path.join(refsDir, 'packed-refs'))
  const line = packed?.split('\n').find(l => l.endsWith(` ${ref}`))
  const commit = line?.split(' ')[0]
  return isCommit(commit) ? commit : undefined
}

/** The commit of the program at `root`: its package metadata, else its git HEAD; undefined when neither says. */
export function programCommit(root: string = PROGRAM_ROOT): string | undefined {
  const info = read(path.join(root, PACKAGE_INFO_FILE))
  if (info) {
    try {
      const commit = (JSON.parse(info) as { commit?: unknown }).commit
      if (typeof commit === 'string' && isCommit(commit)) return commit
    } catch {
      // An unreadable metadata file falls back to git.
    }
  }
  return gitHead(root)
}
