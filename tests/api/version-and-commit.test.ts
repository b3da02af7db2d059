/**
 * `/salud/detalle` names the program's version and commit after a normal install, with no `npm run actualizar` yet
 * (docs/decisions/updates-and-releases.md, «Version and commit»): the commit comes from the package's metadata
 * (`paquete.json`) or from the checkout's `.git`, read without running git.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { gitHead, PACKAGE_INFO_FILE, programCommit } from '../../src/server/version.ts'
import { startInProcess } from './helpers.ts'

const dir = path.resolve('test-results/version-y-commit')
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

describe("the program's commit", () => {
  it('is read from .git on a branch, after the refs are packed, and on a detached checkout', () => {
    const root = path.join(dir, 'copia')
    fs.mkdirSync(root)
    git(root, 'init', '-q')
    const commit = (text: string) => {
      fs.writeFileSync(path.join(root, 'a.txt'), text)
      git(root, 'add', '.')
      git(root, '-c', 'user.name=prueba', '-c', 'user.email=prueba@example.com', 'commit', '-qm', text)
      return git(root, 'rev-parse', 'HEAD')
    }
    commit('uno')
    const second = commit('dos')
    expect(gitHead(root)).toBe(second)
    git(root, 'pack-refs', '--all')
    expect(fs.readdirSync(path.join(root, '.git', 'refs', 'heads'))).toEqual([])
    expect(gitHead(root)).toBe(second)
    const first = git(root, 'rev-parse', 'HEAD~1')
    git(root, 'checkout', '-q', '--detach', first)
    expect(gitHead(root)).toBe(first)
  })

  it("prefers the package's metadata, and is undefined when neither says", () => {
    const root = path.join(dir, 'paquete')
    fs.mkdirSync(root)
    expect(programCommit(root)).toBeUndefined()
    const commit = 'a'.repeat(40)
    fs.writeFileSync(path.join(root, PACKAGE_INFO_FILE), JSON.stringify({ version: '1.0.0', commit }))
    expect(programCommit(root)).toBe(commit)
  })

  it('/salud/detalle shows version and commit with no release pointer', async () => {
    const s = await startInProcess({ label: 'version-commit' })
    try {
      const body = (await (await fetch(`${s.url}/salud/detalle`)).json()) as { version: string; codigo: string | null }
      expect(body.version).toBe(JSON.parse(fs.readFileSync('package.json', 'utf8')).version)
      expect(body.codigo).toBe(git(process.cwd(), 'rev-parse', 'HEAD'))
    } finally {
      await s.close()
    }
  })
})
