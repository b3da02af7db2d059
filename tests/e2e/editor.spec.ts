import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import YAML from 'yaml'
import { type RunningEditor, startEditor } from '../../scripts/lib/editorServer.ts'

/**
 * `npm run editor` end to end: in Chromium, a clerk adds a new year to a document list with an uploaded
 * PDF through Decap CMS on the local backend, saves; the saved YAML passes `npm run validate` and the
 * page that lists the documents (rendered by the live preview, the same renderer as the build) shows
 * the new year's panel with the row. Runs on a copy of manifest/, schemas/ and public/ outside the project.
 */
const BASE = Number(process.env.E2E_PORT ?? 3100)
// Beside the test server's port unless given (parallel runs on one machine each keep their own range).
const EDITOR_PORT = Number(process.env.EDITOR_PORT || BASE + 11)
const PREVIEW_PORT = Number(process.env.EDITOR_PREVIEW_PORT || BASE + 13)
const LIST = () => path.join(tmp, 'manifest/documents/presupuesto.yaml')
const YEAR = 2027
/** 31 December 2031, 23:30 in Colombia (04:30 UTC on 1 January 2032): the year offered is Colombia's, 2031. */
const EDITOR_NOW = new Date('2032-01-01T04:30:00Z')
const TITLE = `Acuerdo de aprobación del presupuesto ${YEAR}`
// As a clerk's PC names it; the editor stores it as docs:add would (ASCII, lower case, the year's folder).
const UPLOAD = `Acuerdo aprobación presupuesto ${YEAR}.pdf`
const STORED = `/assets/gestion/presupuesto/${YEAR}/acuerdo-aprobacion-presupuesto-${YEAR}.pdf`

let tmp: string
let editor: RunningEditor | undefined
let preview: ChildProcess | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-'))
  for (const dir of ['manifest', 'schemas', 'public']) fs.cpSync(path.resolve(dir), path.join(tmp, dir), { recursive: true })
  // The editor's clock: a new row starts with the year this test set, not the year it runs in.
  editor = await startEditor({ repo: tmp, root: process.cwd(), port: EDITOR_PORT, quiet: true, now: () => EDITOR_NOW })
})

test.afterAll(async () => {
  await editor?.close()
  preview?.kill()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

test.use({ actionTimeout: 20_000 })

test('a new year of a document list with an uploaded PDF, saved from the browser in Spanish, lands at the top like docs:add', async ({ page }) => {
  test.setTimeout(240_000)
  const pdf = path.join(tmp, UPLOAD)
  fs.copyFileSync(path.resolve('public/assets/gestion/presupuesto/2025/acuerdo-presupuesto-2025.pdf'), pdf)

  await page.goto(editor!.url)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.goto(`${editor!.url}#/collections/documentos/entries/presupuesto`)
  // Decap's whole interface and the fields speak Spanish, with accents, from the schemas' titles.
  await page.getByRole('button', { name: 'Agregar fila' }).click()
  const year = page.getByLabel('Año', { exact: true }).first()
  // The new row is the first one (the list runs newest first) and starts with the current year.
  await expect(year).toHaveValue('2031')
  await expect(page.getByText('Categoría', { exact: false }).first()).toBeVisible()
  await expect(page.getByText('Archivo', { exact: true }).first()).toBeVisible()
  await expect(page.getByText(/^Add |Copy Name|Toggle preview/)).toHaveCount(0)
  await year.fill(String(YEAR))
  // A category is chosen from the list's own, never typed (a typo would hide the row).
  await page
    .getByLabel(/^Categoría/)
    .first()
    .click()
  await page.getByRole('option', { name: 'Presupuesto aprobado', exact: true }).click()
  // The list's own «Título» comes first; the new row's is the next one.
  await page.getByLabel('Título', { exact: true }).nth(1).fill(TITLE)
  await page
    .getByLabel(/^Fecha/)
    .first()
    .fill(`${YEAR - 1}-12-11`)
  await page.getByRole('button', { name: 'Elija un archivo' }).first().click()
  await page.locator('input[type=file]').setInputFiles(pdf)
  await page.getByRole('button', { name: 'Confirmar selección' }).click()
  // The preview pane shows the page as the site renders it, with the unsaved row: the list's page title, the new
  // year's panel holding the document's link, in the site's colours (not Decap's field-by-field raw text).
  const pane = page.frameLocator('iframe').first()
  await expect(pane.getByRole('heading', { level: 1, name: 'Presupuesto general' })).toBeVisible({ timeout: 30_000 })
  const previewPanel = pane.locator('details', { has: pane.locator('summary', { hasText: String(YEAR) }) }).first()
  await expect(previewPanel.getByRole('link', { name: TITLE })).toBeAttached()
  await expect(pane.locator('a', { hasText: 'Acuerdo' }).first()).toHaveCSS('color', 'rgb(11, 93, 59)')
  await expect(pane.getByText('Filas', { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByText('Publicar ahora').click()
  await expect(page.getByText('CAMBIOS GUARDADOS', { exact: false })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('status').filter({ hasText: `El archivo quedó como ${STORED}` })).toBeVisible()

  // The same YAML, with the new row and the PDF in the list's folder under public/assets.
  const text = fs.readFileSync(LIST(), 'utf8')
  const saved = YAML.parse(text)
  const row = saved.filas.find((r: { anio: number }) => r.anio === YEAR)
  expect(row).toMatchObject({ anio: YEAR, categoria: 'Presupuesto aprobado', titulo: TITLE, archivo: STORED })
  expect(fs.existsSync(path.join(tmp, 'public', STORED))).toBe(true)
  expect(fs.readdirSync(path.join(tmp, 'public/assets/gestion/presupuesto')).filter(f => f.endsWith('.pdf'))).toEqual([])
  // Written as staff keep it: the new year first (newest first), every other line as it was (comments too).
  expect(saved.filas[0]).toEqual(row)
  const original = fs.readFileSync(path.resolve('manifest/documents/presupuesto.yaml'), 'utf8').split('\n')
  const lines = text.split('\n')
  const at = original.indexOf('filas:') + 1
  expect(lines.slice(0, at)).toEqual(original.slice(0, at))
  expect(lines.slice(at + 5)).toEqual(original.slice(at))

  // npm run validate accepts it.
  const env = { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PUBLIC_DIR: path.join(tmp, 'public') }
  const validate = spawnSync(process.execPath, ['scripts/compiled.mjs', 'validate'], { env, encoding: 'utf8' })
  expect(validate.stdout + validate.stderr).not.toMatch(/error/i)
  expect(validate.status).toBe(0)

  // The page shows the new year's panel, newest first, with the row.
  preview = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    env: { ...env, PORT: String(PREVIEW_PORT), DATA_DIR: path.join(tmp, 'data') },
    stdio: 'ignore',
  })
  await expect(async () => {
    const r = await fetch(`http://127.0.0.1:${PREVIEW_PORT}/nuestra-gestion`)
    expect(r.status).toBe(200)
  }).toPass({ timeout: 90_000 })
  await page.goto(`http://127.0.0.1:${PREVIEW_PORT}/nuestra-gestion`)
  const panel = page.locator('details', { has: page.locator('summary', { hasText: String(YEAR) }) }).first()
  await expect(panel).toBeVisible()
  await expect(panel).toContainText(TITLE)
})

test('a save the validator refuses: the form shows its Spanish sentence about the field and nothing is written', async ({ page }) => {
  test.setTimeout(180_000)
  const before = fs.readFileSync(LIST(), 'utf8')
  const pdf = path.join(tmp, `acuerdo-modificacion-1-${YEAR}.pdf`)
  fs.copyFileSync(path.resolve('public/assets/gestion/presupuesto/2025/acuerdo-presupuesto-2025.pdf'), pdf)

  await page.goto(editor!.url)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.goto(`${editor!.url}#/collections/documentos/entries/presupuesto`)
  await page.getByRole('button', { name: 'Agregar fila' }).click()
  await page.getByLabel('Año', { exact: true }).first().fill(String(YEAR))
  await page
    .getByLabel(/^Categoría/)
    .first()
    .fill('Modificaciones presupuestales')
  await page.getByLabel('Título', { exact: true }).nth(1).fill(`Modificación presupuestal No. 1 de ${YEAR}`)
  // The form's pattern accepts the shape; the validator knows February has no 30th.
  await page
    .getByLabel(/^Fecha/)
    .first()
    .fill(`${YEAR}-02-30`)
  await page.getByRole('button', { name: 'Elija un archivo' }).first().click()
  await page.locator('input[type=file]').setInputFiles(pdf)
  await page.getByRole('button', { name: 'Confirmar selección' }).click()
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByText('Publicar ahora').click()

  const alert = page.locator('#avisos-validador')
  await expect(alert).toBeVisible({ timeout: 30_000 })
  await expect(alert).toHaveAttribute('role', 'alert')
  await expect(alert).toContainText('No se guardó el cambio')
  // The validator's sentence, about the field the clerk sees, without file lines or «API_ERROR:».
  await expect(alert.locator('li')).toHaveText([`Fila 1 (${YEAR}) · Fecha: la fecha «${YEAR}-02-30» no es válida: use AAAA-MM-DD y una fecha que exista`])
  await expect(page.getByText('API_ERROR')).toHaveCount(0)
  // Nothing half-stored: the list is as it was and the uploaded PDF is not left in public/assets.
  expect(fs.readFileSync(LIST(), 'utf8')).toBe(before)
  expect(fs.existsSync(path.join(tmp, `public/assets/gestion/presupuesto/acuerdo-modificacion-1-${YEAR}.pdf`))).toBe(false)
  expect(fs.existsSync(path.join(tmp, `public/assets/gestion/presupuesto/${YEAR}/acuerdo-modificacion-1-${YEAR}.pdf`))).toBe(false)
  // The form keeps what was typed: correcting the date and publishing again saves it.
  await alert.getByRole('button', { name: 'Cerrar' }).click()
  // Decap's text box puts the caret back after each change, so fill() would append: erase and type, as a person does.
  const fecha = page.getByLabel(/^Fecha/).first()
  await fecha.click()
  await fecha.press('End')
  for (let i = 0; i < 10; i++) await fecha.press('Backspace')
  await fecha.pressSequentially(`${YEAR}-02-27`)
  await expect(fecha).toHaveValue(`${YEAR}-02-27`)
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByText('Publicar ahora').click()
  await expect(page.getByText('CAMBIOS GUARDADOS', { exact: false })).toBeVisible({ timeout: 30_000 })
  await expect(alert).toHaveCount(0)
  const row = YAML.parse(fs.readFileSync(LIST(), 'utf8')).filas.find((r: { fecha?: string }) => r.fecha === `${YEAR}-02-27`)
  expect(row).toMatchObject({ anio: YEAR, archivo: `/assets/gestion/presupuesto/${YEAR}/acuerdo-modificacion-1-${YEAR}.pdf` })
  expect(fs.existsSync(path.join(tmp, 'public', row.archivo))).toBe(true)
})
