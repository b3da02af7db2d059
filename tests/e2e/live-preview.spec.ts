import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

/**
 * `npm run dev`, the staff's live preview: a saved change shows in the open page without reloading it
 * by hand; a manifest error shows over the page as `archivo:línea:columna: mensaje` and goes away when
 * fixed. Runs on a copy of the manifest outside the project (the bundler ignores test-results/).
 */
const DEV_PORT = Number(process.env.E2E_PORT ?? 3100) + 7
const PAGE_FILE = path.join('pages', 'hospital', 'junta.yaml')
/** The lines `npm run dev` itself writes for staff (scripts/dev.ts): anything else in its terminal is a leak. */
const STAFF_LINE =
  /^(Vista previa en http|Guarde un archivo de manifest\/|Detalle técnico \(para el área de sistemas\)|✓ manifest\/.*: página actualizada$|✗ \d+ error\(es\) en el manifiesto:$| {2}manifest\/\S+:\d+:\d+: )/

let dev: ChildProcess
/** Ended in afterAll in any case: a second preview left running would take the port once the first ends. */
let second: ChildProcess | undefined
let tmp: string
let output = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // Generous: the bundler's first start takes long on a loaded machine.
  test.setTimeout(240_000)
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vista-previa-'))
  fs.cpSync(path.resolve('manifest'), path.join(tmp, 'manifest'), { recursive: true })
  dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    env: { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PORT: String(DEV_PORT), DATA_DIR: path.join(tmp, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  dev.stdout!.on('data', d => (output += d))
  dev.stderr!.on('data', d => (output += d))
  await expect.poll(() => output, { timeout: 200_000 }).toContain('Vista previa en')
})

test.afterAll(() => {
  dev?.kill()
  second?.kill()
  fs.rmSync(tmp, { recursive: true, force: true })
})

test('a saved title shows without a manual reload; an error shows its file:line:col over the page until fixed', async ({ page }) => {
  test.setTimeout(120_000)
  const yaml = path.join(tmp, 'manifest', PAGE_FILE)
  const original = fs.readFileSync(yaml, 'utf8')
  expect(original).toContain('titulo: Junta Directiva\n')

  const consoleLines: string[] = []
  page.on('console', m => consoleLines.push(m.text()))
  await page.goto(`http://127.0.0.1:${DEV_PORT}/hospital/junta`)
  await expect(page.locator('h1')).toHaveText('Junta Directiva', { timeout: 60_000 })
  // Let the dev server finish its first-visit work (it may reload the page once on its own).
  await page.waitForLoadState('networkidle')

  fs.writeFileSync(yaml, original.replace('titulo: Junta Directiva\n', 'titulo: Junta Directiva en vista previa\n'))
  await expect(page.locator('h1')).toHaveText('Junta Directiva en vista previa', { timeout: 20_000 })

  fs.writeFileSync(yaml, original.replace('titulo: Junta Directiva\n', 'titulo: Junta Directiva en vista previa\nfecha: ayer\n'))
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toContainText('manifest/pages/hospital/junta.yaml:4:1: el campo «fecha» no existe aquí', { timeout: 20_000 })
  expect(output).toContain('manifest/pages/hospital/junta.yaml:4:1: el campo «fecha» no existe aquí')
  // What staff read is Spanish (docs/decisions/rendering.md): the overlay's footer, the browser console, the terminal.
  await expect(overlay.locator('.tip')).toHaveText(
    'Corrija el archivo y guárdelo: este aviso se cierra solo. También puede cerrarlo con Esc o con un clic fuera.',
  )
  expect(consoleLines).toContain('[vista previa] conectada: la página se actualiza sola al guardar.')
  expect(consoleLines.filter(l => l.includes('[vite]'))).toEqual([])

  // Reloaded (or opened) while the error lasts, the page itself says it in Spanish, not Vike's «An error occurred.».
  await page.reload()
  await expect(page.locator('h1')).toHaveText('El manifiesto tiene 1 error(es)')
  await expect(page.locator('body > pre')).toContainText('manifest/pages/hospital/junta.yaml:4:1: el campo «fecha» no existe aquí')
  await expect(overlay).toContainText('el campo «fecha» no existe aquí', { timeout: 20_000 })

  fs.writeFileSync(yaml, original)
  await expect(overlay).toHaveCount(0, { timeout: 20_000 })
  await expect(page.locator('h1')).toHaveText('Junta Directiva', { timeout: 20_000 })

  // The terminal held only the preview's own Spanish lines through all of it: the bundler's ([vite]), Vike's
  // ([vike][request-N] HTTP request → /) and the API's JSON lines went to the log file (shown with --detalle).
  const foreign = output.split('\n').filter(line => line.trim() !== '' && !STAFF_LINE.test(line))
  expect(foreign).toEqual([])
  expect(output).toContain(`✓ manifest/${PAGE_FILE}: página actualizada`)
})

test('a second preview on the same port says so in Spanish and ends', async () => {
  test.setTimeout(180_000)
  second = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    env: { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PORT: String(DEV_PORT), DATA_DIR: path.join(tmp, 'data-2') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  second.stdout!.on('data', d => (out += d))
  second.stderr!.on('data', d => (out += d))
  const code = await new Promise(resolve => second!.on('exit', resolve))
  expect(out.trim().split('\n')).toEqual([
    `✗ El puerto ${DEV_PORT} ya está en uso: ¿hay otra vista previa abierta? Use esa, o ciérrela (Ctrl+C en su ventana) y vuelva a ejecutar npm run dev.`,
  ])
  expect(code).toBe(1)
})
