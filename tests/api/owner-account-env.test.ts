/**
 * `npm run -s bd:preparar` takes the owner's account from the environment — DATABASE_URL_DUENIO, which the guide's
 * `servicio_duenio` loads from a root-only file (docs/guia-operacion.md §12) — before DATABASE_URL, which in the
 * service's environment names the server's account. The password never goes on the command line.
 */
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { ROOT } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const ROLE = `servidor_env_${process.pid}`

async function sql(url: string, text: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query(text)).rows
  } finally {
    await c.end()
  }
}

const prepare = (env: Record<string, string>) =>
  spawnSync(process.execPath, compiledNodeArgs('src/server/dbSetup.ts', [ROLE]), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATABASE_URL_DUENIO: '', ...env },
    encoding: 'utf8',
  })

describe('bd:preparar and the owner account', () => {
  let url = ''
  beforeAll(async () => {
    url = await freshPostgresDatabase('duenio-entorno')
    await sql(url, `CREATE ROLE ${ROLE} LOGIN`)
  })
  afterAll(async () => {
    if (!url) return
    await dropPostgresDatabase(url)
    await sql(url.replace(new URL(url).pathname, '/postgres'), `DROP ROLE IF EXISTS ${ROLE}`)
  })

  it('uses DATABASE_URL_DUENIO from the environment, even when DATABASE_URL names another (the server’s) account', async () => {
    // As servicio_duenio runs it: the service's variables (DATABASE_URL, here one that cannot connect) plus the owner's.
    const r = prepare({ DATABASE_URL: 'postgres://radicacion_servidor@127.0.0.1:1/radicacion', DATABASE_URL_DUENIO: url })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain(`la cuenta «${ROLE}» puede leer y escribir`)
    const granted = await sql(url, `SELECT has_table_privilege('${ROLE}', 'radicaciones', 'INSERT') AS ok`)
    expect(granted).toEqual([{ ok: true }])
  })

  it('with neither variable: a Spanish message naming DATABASE_URL_DUENIO, nothing done', () => {
    const r = prepare({})
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/^Defina DATABASE_URL_DUENIO con la cuenta dueña/)
  })
})
