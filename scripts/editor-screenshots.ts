/**
 * Takes the staff guide's pictures of the browser editor from the real editor (`npx tsx
 * scripts/editor-screenshots.ts`): Decap CMS on a copy of manifest/, schemas/ and public/, a new 2026 row of
 * «Presupuesto general» with its PDF chosen, then the validator's message for a date that does not exist.
 * Nothing is saved in the project. Writes docs/img/editor-navegador.png and docs/img/editor-error.png.
 * Port: EDITOR_PORT (5100), as `npm run editor`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Locator } from '@playwright/test'
import { startEditor } from './lib/editorServer.ts'

const root = process.cwd()
const out = path.join(root, 'docs', 'img')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-capturas-'))
for (const dir of ['manifest', 'schemas', 'public']) fs.cpSync(path.join(root, dir), path.join(tmp, dir), { recursive: true })
const pdf = path.join(tmp, 'acuerdo-presupuesto-2026.pdf')
fs.copyFileSync(path.join(root, 'public/assets/gestion/presupuesto/2025/acuerdo-presupuesto-2025.pdf'), pdf)

const editor = await startEditor({
  repo: tmp,
  root,
  port: Number(process.env.EDITOR_PORT || 5100),
  quiet: true,
})
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 }, locale: 'es-CO' })
  page.setDefaultTimeout(30_000)
  await page.goto(editor.url)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.goto(`${editor.url}#/collections/documentos/entries/presupuesto`)
  // The editor pane only (the preview pane beside it shows raw fields and would halve the picture).
  await page.getByRole('button', { name: 'Toggle preview' }).click()
  await page.getByRole('button', { name: /Add filas/ }).click()
  await page.getByLabel('anio', { exact: true }).last().fill('2026')
  await page
    .getByLabel(/^categoria/)
    .last()
    .fill('Presupuesto aprobado')
  await page.getByLabel('titulo', { exact: true }).last().fill('Acuerdo de aprobación del presupuesto 2026')
  const fecha = page.getByLabel(/^fecha/).last()
  await fecha.fill('2025-12-11')
  await page.getByRole('button', { name: 'Elija un archivo' }).click()
  await page.locator('input[type=file]').setInputFiles(pdf)
  await page.getByRole('button', { name: 'Confirmar selección' }).click()
  // The new row from its year down to its date.
  await page
    .getByLabel('anio', { exact: true })
    .last()
    .evaluate(el => el.scrollIntoView({ block: 'start' }))
  await page.mouse.wheel(0, -110)
  await page.waitForTimeout(500)
  await page.screenshot({ path: path.join(out, 'editor-navegador.png') })

  await retype(fecha, '2026-02-30')
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByText('Publicar ahora').click()
  await page.locator('#avisos-validador').waitFor()
  await page.waitForTimeout(500)
  await page.screenshot({ path: path.join(out, 'editor-error.png') })
  for (const f of ['editor-navegador.png', 'editor-error.png'])
    console.log(`${path.join('docs', 'img', f)}: ${Math.round(fs.statSync(path.join(out, f)).size / 1024)} KB`)
} finally {
  await browser.close()
  await editor.close()
  fs.rmSync(tmp, { recursive: true, force: true })
}

/** Decap's text box puts the caret back after each change: erase and type, as a person does. */
async function retype(box: Locator, text: string): Promise<void> {
  await box.click()
  await box.press('End')
  for (let i = 0; i < 12; i++) await box.press('Backspace')
  await box.pressSequentially(text)
}
