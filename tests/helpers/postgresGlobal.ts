/**
 * Vitest global setup: a temporary folder for the one PostgreSQL cluster the
 * whole run shares (tests/helpers/postgres.ts starts it the first time a test
 * file asks for it, so runs without PostgreSQL tests pay nothing), and, at the
 * end, the cluster stopped and the folder removed.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { asClusterOwner, clusterPaths } from './postgresCluster.ts'

export default function setup(project: TestProject): () => void {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-tests-'))
  // initdb refuses to run as root: as root the cluster belongs to Debian's `postgres` system user.
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', base])
  project.provide('postgresBaseDir', base)
  return () => {
    const { data, pidFile, bin } = clusterPaths(base)
    if (fs.existsSync(pidFile) && bin) {
      const [cmd, ...args] = asClusterOwner(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w'])
      spawnSync(cmd!, args, { stdio: 'ignore' })
    }
    fs.rmSync(base, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresBaseDir: string
  }
}
