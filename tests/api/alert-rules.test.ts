/**
 * The Prometheus alert rules and the Grafana dashboard shipped in despliegue/prometheus/ (docs/decisions/operations.md,
 * «Monitoring that alerts»): promtool accepts the rules and their test cases pass (no backup in 26 h, backup
 * unverified, disk low, database down, filings the server could not keep, overdue filings, no release), and every
 * series they name is one the server exports — scraped from a real server, so a renamed metric breaks this test,
 * not the hospital's alerts.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startInProcess, type RunningServer } from './helpers.ts'

const DIR = 'despliegue/prometheus'
const RULES = path.join(DIR, 'alertas.yml')
const RULE_TESTS = path.join(DIR, 'alertas.prueba.yml')
const DASHBOARD = path.join(DIR, 'tablero-grafana.json')

/** promtool from Debian's `prometheus` package (CI installs it; see CI-NOTES.md). */
function promtool(...args: string[]) {
  const r = spawnSync('promtool', args, { encoding: 'utf8' })
  if (r.error) throw new Error(`promtool no está instalado (apt-get install -y prometheus): ${r.error.message}`)
  return r
}

/** The metric names a PromQL expression uses: identifiers with an underscore, outside label matchers and ranges. */
export function metricNames(expr: string): string[] {
  const bare = expr.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '')
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []
  // Histogram series are exported under their base name.
  return [...new Set(names.filter(n => n.includes('_') && n !== 'histogram_quantile').map(n => n.replace(/_(bucket|count|sum)$/, '')))]
}

const ruleExprs = (): string[] =>
  (parse(fs.readFileSync(RULES, 'utf8')) as { groups: Array<{ rules: Array<{ expr: string }> }> }).groups.flatMap(g => g.rules.map(r => r.expr))
const dashboardExprs = (): string[] =>
  (JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> }).panels.flatMap(p => p.targets.map(t => t.expr))

describe('alert rules', () => {
  let server: RunningServer | undefined
  let exported = ''
  beforeAll(async () => {
    server = await startInProcess({ label: 'alertas' })
    exported = await (await fetch(`${server.url}/metricas`)).text()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('promtool check rules accepts them, and promtool test rules passes every case', () => {
    const check = promtool('check', 'rules', RULES)
    expect(check.status, check.stdout + check.stderr).toBe(0)
    expect(check.stdout).toMatch(/SUCCESS: 7 rules found/)
    const cases = promtool('test', 'rules', RULE_TESTS)
    expect(cases.status, cases.stdout + cases.stderr).toBe(0)
    for (const alert of [
      'SinRespaldoReciente',
      'RespaldoSinVerificar',
      'DiscoBajo',
      'BaseDeDatosNoDisponible',
      'RadicacionesFallidas',
      'RadicacionesVencidas',
      'SinPublicacion',
    ])
      expect(fs.readFileSync(RULE_TESTS, 'utf8')).toContain(`alertname: ${alert}`)
  })

  it('every series the rules and the dashboard name is exported by the server', () => {
    const named = new Set([...ruleExprs(), ...dashboardExprs()].flatMap(metricNames))
    expect(named.size).toBeGreaterThanOrEqual(10)
    const types = new Set([...exported.matchAll(/^# TYPE (\S+) /gm)].map(m => m[1]))
    expect([...named].filter(n => !types.has(n))).toEqual([])
  })
})
