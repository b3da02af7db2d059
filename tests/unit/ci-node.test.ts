import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * `.ci/run` on a machine whose Node is older than package.json's engines: its first lines bring Node 24 and say
 * so, and everything after runs on it. The old Node is a stand-in that reports 20 (this machine may already have
 * 24) and hands every other call to the real Node, so npm still works through it.
 */
describe('CI on the Node the project declares', () => {
  it('a machine with Node 20 gets Node 24 from the npm registry, and the first line says so', () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'node20-'))
    fs.writeFileSync(
      path.join(bin, 'node'),
      `#!/bin/sh\ncase "$1" in\n  -p) echo 20 ;;\n  --version) echo v20.20.2 ;;\n  *) exec "${process.execPath}" "$@" ;;\nesac\n`,
      { mode: 0o755 },
    )
    try {
      const run = spawnSync('bash', ['-c', '. .ci/node.sh && node -p process.versions.node && echo "$npm_config_nodedir"'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:/usr/bin:/bin` },
        timeout: 180_000,
      })
      expect(run.status, run.stderr).toBe(0)
      const lines = run.stdout.trim().split('\n')
      const said = lines.find(l => /^Node v\d+\.\d+\.\d+, npm/.test(l))
      expect(said).toMatch(/^Node v24\.\d+\.\d+, npm \d+/)
      expect(lines.indexOf(said!)).toBeLessThanOrEqual(1)
      expect(lines.at(-2)).toMatch(/^24\./)
      // Native addons build against the headers of the Node that runs them.
      expect(fs.existsSync(path.join(lines.at(-1)!, 'include', 'node', 'node.h'))).toBe(true)
    } finally {
      fs.rmSync(bin, { recursive: true, force: true })
    }
  }, 200_000)

  it('package.json declares the Node that CI runs', () => {
    const engines = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
    const declared = /^\^?(\d+)/.exec(engines)?.[1]
    expect(fs.readFileSync(path.join(ROOT, '.ci/node.sh'), 'utf8')).toContain(`ci_node_major=${declared}`)
  })
})
