import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { type RunningEditor, startEditor } from '../../scripts/lib/editorServer.ts'

/**
 * The editor's errors at the field, and its identifiers fixed after creation (docs/decisions/staff-tooling.md):
 * in Chromium, on a copy of the content, one editor start and three page loads. A news item's identifier is shown
 * read-only with its reason (a new one is typed); a date the validator refuses, in a folded row of a document
 * list, comes back next to that row's «Fecha», unfolded, marked invalid, described by the message and focused;
 * Decap's own check of the date's shape gets the same association.
 */
const BASE = Number(process.env.E2E_PORT ?? 3100)
const EDITOR_PORT = Number(process.env.EDITOR_FIELD_ERRORS_PORT || BASE + 21)

let tmp: string
let editor: RunningEditor | undefined

test.beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-errores-'))
  for (const dir of ['manifest', 'schemas', 'public']) fs.cpSync(path.resolve(dir), path.join(tmp, dir), { recursive: true })
  editor = await startEditor({ repo: tmp, root: process.cwd(), port: EDITOR_PORT, quiet: true, now: () => new Date('2026-11-25T15:00:00Z') })
})

test.afterAll(async () => {
  await editor?.close()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

test.use({ actionTimeout: 20_000 })

test('an identifier is read-only once created; a refused date is shown, announced and focused at its field', async ({ page }) => {
  test.setTimeout(150_000)
  // Should Decap ask before leaving a form («¿Seguro que desea salir…?»), the test leaves.
  page.on('dialog', d => d.accept().catch(() => undefined))
  await page.goto(editor!.url)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()

  // A news item that exists: its identifier is shown, not editable, and the reason is its description.
  await page.goto(`${editor!.url}#/collections/noticias/entries/nueva-ambulancia`)
  const id = page.getByLabel('Identificador', { exact: true })
  // Decap loads an entry in a few seconds, more on a busy machine.
  await expect(id).toHaveValue('nueva-ambulancia', { timeout: 30_000 })
  await expect(id).toHaveJSProperty('readOnly', true)
  await expect(id).toHaveAccessibleDescription(/después no se puede cambiar/)

  // A new one: the identifier is typed.
  await page.goto(`${editor!.url}#/collections/noticias/new`)
  await page.reload()
  await expect(page.getByLabel('Identificador', { exact: true })).toHaveJSProperty('readOnly', false, { timeout: 30_000 })

  // Decap keeps the open form on a change of address alone: each form is opened with a new page load.
  await page.goto(`${editor!.url}#/collections/documentos/entries/presupuesto`)
  await page.reload()
  await expect(page.getByLabel('Identificador', { exact: true })).toHaveJSProperty('readOnly', true, { timeout: 30_000 })
  // The third row (2024), folded like every saved row: unfold it, type a date that does not exist, fold it again.
  const row = page.locator('[id^="filas-field-"]').first().locator(':scope > div').nth(1).locator(':scope > div').nth(2)
  const toggle = row.locator('button').first()
  await toggle.click()
  const fecha = row.getByLabel(/^Fecha/)
  await expect(fecha).toHaveValue('2023-12-12')
  // Decap's text box puts the caret back after each change: erase and type, as a person does.
  await fecha.click()
  await fecha.press('End')
  for (let i = 0; i < 10; i++) await fecha.press('Backspace')
  await fecha.pressSequentially('2023-02-30')
  await toggle.click()
  await expect(fecha).toBeHidden()
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByText('Publicar ahora').click()

  const message = 'la fecha «2023-02-30» no es válida: use AAAA-MM-DD y una fecha que exista'
  await expect(page.locator('#avisos-validador')).toContainText(`Fila 3 (2024) · Fecha: ${message}`, { timeout: 30_000 })
  // At the field: its row unfolded, the message beside it, the field invalid, described by the message, focused.
  await expect(fecha).toBeVisible()
  await expect(row.locator('.error-campo')).toHaveText(`Error: ${message}`)
  await expect(fecha).toHaveAttribute('aria-invalid', 'true')
  await expect(fecha).toHaveAccessibleDescription(new RegExp(`^Error: ${message}`))
  await expect(fecha).toBeFocused()
  // Only that field: the row's title is not marked.
  await expect(row.getByLabel('Título', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
  // Typing in it clears its mark.
  await fecha.press('Backspace')
  await expect(fecha).not.toHaveAttribute('aria-invalid', 'true')
  await expect(row.locator('.error-campo')).toHaveCount(0)

  // Decap's own check of the shape (AAAA-MM-DD): its message at the field gets the same association and the focus.
  for (let i = 0; i < 10; i++) await fecha.press('Backspace')
  await fecha.pressSequentially('30/02/2023')
  await page.getByLabel('Título', { exact: true }).first().focus()
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByText('Publicar ahora').click()
  await expect(fecha).toHaveAttribute('aria-invalid', 'true')
  await expect(fecha).toHaveAccessibleDescription(/Escriba la fecha como AAAA-MM-DD/i)
  await expect(fecha).toBeFocused()
  expect(fs.readFileSync(path.join(tmp, 'manifest/documents/presupuesto.yaml'), 'utf8')).toContain('fecha: 2023-12-12')
})
