import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, expect, it } from 'vitest'
import { isFirstOfSeries, quantile, writePlatformSites } from '../../bench/platform.ts'
import { loadPlatform } from '../../src/manifest/platform.ts'

/**
 * `npm run bench -- plataforma` (bench/platform.ts) writes its sites as `npm run sitio -- crear` does; a platform
 * file the checks refuse (an id or domain twice, a pattern the schema no longer accepts) would stop the bench after
 * minutes of copying, and a wrong «number 1» check would report every site's series as its own.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plataforma-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it("the bench's sites make a platform file the platform accepts, each site with its own name", () => {
  const template = path.join(dir, 'plantilla')
  fs.cpSync('tests/fixtures/manifest-min', path.join(template, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(template, 'public'), { recursive: true })
  const file = writePlatformSites(template, path.join(dir, 'plataforma'), 3)
  const { platform, problems } = loadPlatform(file)
  expect(problems).toEqual([])
  expect(platform!.sites.map(s => s.id)).toEqual(['h0001', 'h0002', 'h0003'])
  expect(new Set(platform!.sites.flatMap(s => s.dominios)).size).toBe(3)
  for (const site of platform!.sites) {
    const yaml = parse(fs.readFileSync(path.join(site.manifestDir, 'site.yaml'), 'utf8')) as { nombre: string }
    expect(yaml.nombre).toBe(site.nombre)
  }
})

it("recognises a series' first number only", () => {
  expect(isFirstOfSeries('PQRS-2026-000001', 'PQRS')).toBe(true)
  expect(isFirstOfSeries('PQRS-2026-000010', 'PQRS')).toBe(false)
  expect(isFirstOfSeries('PQRS-2026-000002', 'PQRS')).toBe(false)
  expect(isFirstOfSeries('CON-2026-000001', 'PQRS')).toBe(false)
  expect(isFirstOfSeries('HTTP 403', 'PQRS')).toBe(false)
})

it('takes quantiles by nearest rank', () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i)
  expect(quantile(values, 0.5)).toBe(50)
  expect(quantile(values, 0.99)).toBe(99)
  expect(quantile([7], 0.99)).toBe(7)
})
