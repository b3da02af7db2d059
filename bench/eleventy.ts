/**
 * Eleventy beside this project in `npm run bench` (docs/decisions/build.md): the same synthetic content built by the
 * generator people would pick instead, in the same run, so the bench reports ratios on one machine rather than
 * absolute times. Eleventy is a dependency of the bench only: bench/eleventy/package.json, installed there on
 * demand (`npm ci --prefix bench/eleventy`), so the project's own `npm ci` never pulls it.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Manifest } from '../src/manifest/load.ts'

const DIR = path.resolve('bench/eleventy')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Installs Eleventy into bench/eleventy/node_modules the first time. */
export function ensureEleventy(): void {
  if (fs.existsSync(path.join(DIR, 'node_modules', '@11ty', 'eleventy', 'package.json'))) return
  console.log('Installing Eleventy for the bench only (bench/eleventy)…')
  execFileSync(npm, ['ci', '--no-audit', '--no-fund', '--prefix', DIR], { stdio: 'inherit', shell: process.platform === 'win32' })
}

/** Wall, user and system time of a command and every process it waited for. */
export interface Timing {
  wallMs: number
  userMs: number
  sysMs: number
}

let ticksPerSecond: number | undefined
/** User and system time of this process's waited-for children (Linux /proc; undefined elsewhere). */
function childrenCpu(): { user: number; sys: number } | undefined {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    return { user: (Number(fields[13]) * 1000) / ticksPerSecond, sys: (Number(fields[14]) * 1000) / ticksPerSecond }
  } catch {
    return undefined
  }
}

/** Runs `fn` (which starts and waits for child processes) and measures it. */
export function timeChildren<T>(fn: () => T): Timing & { value: T } {
  const before = childrenCpu()
  const t0 = performance.now()
  const value = fn()
  const wallMs = performance.now() - t0
  const after = childrenCpu()
  return { value, wallMs, userMs: before && after ? after.user - before.user : NaN, sysMs: before && after ? after.sys - before.sys : NaN }
}

/** The site data Eleventy renders: what loadManifest() returns for the synthetic site. */
export function writeEleventyData(manifest: Manifest, file: string): void {
  const data = { site: manifest.site?.data, paginas: manifest.pages.map(p => p.data), documentos: manifest.documents.map(d => d.data) }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(data))
}

/** A full Eleventy build (output folder removed first, as for the project's full build). */
export function buildWithEleventy(dataFile: string, publicDir: string, outDir: string): Timing {
  fs.rmSync(outDir, { recursive: true, force: true })
  const bin = path.join(DIR, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs')
  const t = timeChildren(() =>
    execFileSync(process.execPath, [bin, '--quiet'], {
      cwd: DIR,
      env: { ...process.env, ESE_BENCH_DATOS: path.resolve(dataFile), ESE_BENCH_PUBLICO: path.resolve(publicDir), ESE_BENCH_SALIDA: path.resolve(outDir) },
      stdio: 'pipe',
    }),
  )
  return { wallMs: t.wallMs, userMs: t.userMs, sysMs: t.sysMs }
}
