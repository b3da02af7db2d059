import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { writeSyntheticSite } from '../../bench/synthetic.ts'

/**
 * The bench's synthetic site must stay a valid site as the manifest grows (it once stopped validating when the
 * forms started requiring the privacy notice, and `npm run bench` failed before measuring anything).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sintetico-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it('the synthetic site of npm run bench passes npm run validate', () => {
  const { manifestDir, publicDir } = writeSyntheticSite(path.join(dir, 'sitio'), 30, 300, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'))
  const r = spawnSync(process.execPath, ['scripts/compiled.mjs', 'validate'], {
    env: { ...process.env, MANIFEST_DIR: manifestDir, PUBLIC_DIR: publicDir },
    encoding: 'utf8',
  })
  expect(r.stdout + r.stderr).toMatch(/Manifiesto válido: .*31 páginas, 300 documentos/)
  expect(r.status).toBe(0)
}, 60_000)
