import { openHydrated } from './hydration.ts'
import { expect, test, type Page } from '@playwright/test'
import { EVALUACION_MESSAGES as MESSAGES, QUIZ_FAILED_TEXT as FAILED, QUIZ_KEY as KEY } from '../helpers/specMessages.ts'

/** Induction final evaluation (/induccion/modulo5): graded in the browser, never sent; result in a static modal dialog. */

async function answer(page: Page, answers: string[]): Promise<void> {
  await page.fill('#evaluacion-nombre', 'Ana María Pérez')
  await page.fill('#evaluacion-numeroIdentificacion', '1020304050')
  await page.getByRole('radio', { name: 'Contratista' }).check()
  for (const [i, letter] of answers.entries()) {
    await page.check(`#evaluacion-pregunta${i + 1}-${'ABCD'.indexOf(letter)}`)
  }
}

function noCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', r => {
    if (r.method() !== 'GET' && r.method() !== 'HEAD') calls.push(`${r.method()} ${r.url()}`)
  })
  return calls
}

test('an empty submit marks every field and shows every message; no dialog opens', async ({ page }) => {
  const calls = noCalls(page)
  await openHydrated(page, '/induccion/modulo5')
  await page.getByRole('button', { name: 'Calificar evaluación' }).click()
  const summary = page.locator('.resumen-errores')
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText(Object.values(MESSAGES))
  for (const [field, message] of Object.entries(MESSAGES)) await expect(page.locator(`#evaluacion-${field}-error`)).toHaveText(message)
  await expect(page.getByRole('radiogroup', { name: /Tipo de vinculación/ })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('dialog')).not.toBeVisible()
  expect(calls).toEqual([])
})

test('the key passes: «Aprobado», 11 of 11; Escape and the backdrop do not close the dialog; closing resets the form', async ({ page }) => {
  const calls = noCalls(page)
  await openHydrated(page, '/induccion/modulo5')
  await answer(page, KEY)
  await page.getByRole('button', { name: 'Calificar evaluación' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resultado de la evaluación' })
  await expect(dialog).toBeVisible()
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true)
  await expect(dialog.locator('.veredicto')).toHaveText('Aprobado')
  await expect(dialog).toContainText('¡Felicitaciones!')
  await expect(dialog).not.toContainText(FAILED)
  await expect(dialog).toContainText('Ana María Pérez')
  await expect(dialog).toContainText('1020304050')
  await expect(dialog).toContainText('Contratista')
  await expect(dialog.locator('.puntaje')).toHaveText('11')
  await expect(dialog.locator('.total')).toHaveText('11')
  await expect(dialog.locator('dd.fecha')).toHaveText(/^\d{4}-\d{2}-\d{2} (0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/)

  // Keyboard close is disabled, twice in a row (Chromium lets a second un-activated Escape through unless prevented).
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  // Static backdrop.
  await page.mouse.click(3, 3)
  await expect(dialog).toBeVisible()

  await dialog.getByRole('button', { name: 'Cerrar' }).click()
  await expect(dialog).not.toBeVisible()
  await expect(page.locator('#evaluacion-nombre')).toHaveValue('')
  await expect(page.locator('#evaluacion-numeroIdentificacion')).toHaveValue('')
  await expect(page.locator('#evaluacion-pregunta1-2')).not.toBeChecked()
  await expect(page.locator('input[type="radio"]:checked')).toHaveCount(0)
  await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(0)
  await expect(page.locator('#evaluacion-nombre')).toBeFocused()
  expect(calls).toEqual([])
})

test('the quiz sends nothing personal: no e-mail asked, name and document optional, nothing sent or kept in the browser', async ({ page }) => {
  const calls = noCalls(page)
  await openHydrated(page, '/induccion/modulo5')
  await expect(page.locator('#evaluacion-email')).toHaveCount(0)
  await expect(page.locator('#evaluacion-nombre')).not.toHaveAttribute('aria-required', 'true')
  await expect(page.locator('#evaluacion-nombre')).not.toHaveAttribute('required')
  // Graded without a name or a document.
  await page.getByRole('radio', { name: 'Funcionario' }).check()
  for (const [i, letter] of KEY.entries()) await page.check(`#evaluacion-pregunta${i + 1}-${'ABCD'.indexOf(letter)}`)
  await page.getByRole('button', { name: 'Calificar evaluación' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resultado de la evaluación' })
  await expect(dialog.locator('.veredicto')).toHaveText('Aprobado')
  await expect(dialog.locator('dt')).toHaveText(['Vinculación', 'Fecha', 'Puntaje'])
  await dialog.getByRole('button', { name: 'Cerrar' }).click()
  // With them typed: shown in the result, then neither sent nor kept (storage, cookies).
  await answer(page, KEY)
  await page.getByRole('button', { name: 'Calificar evaluación' }).click()
  await expect(dialog).toContainText('Ana María Pérez')
  const kept = await page.evaluate(() => JSON.stringify({ l: { ...localStorage }, s: { ...sessionStorage }, c: document.cookie }))
  expect(kept).not.toContain('Ana')
  expect(kept).not.toContain('1020304050')
  expect(calls).toEqual([])
})

test('one wrong answer fails: «No aprobado» with the spec text, 10 of 11', async ({ page }) => {
  await openHydrated(page, '/induccion/modulo5')
  const wrong = [...KEY]
  wrong[10] = 'A'
  await answer(page, wrong)
  await page.getByRole('button', { name: 'Calificar evaluación' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resultado de la evaluación' })
  await expect(dialog.locator('.veredicto')).toHaveText('No aprobado')
  await expect(dialog.locator('.texto-resultado')).toHaveText(FAILED)
  await expect(dialog.locator('.puntaje')).toHaveText('10')
  await expect(dialog.locator('.total')).toHaveText('11')
})

test('true/false questions offer A. Verdadero and B. Falso', async ({ page }) => {
  await openHydrated(page, '/induccion/modulo5')
  const group = page.getByRole('radiogroup', { name: /^3\./ })
  await expect(group.getByRole('radio')).toHaveCount(2)
  await expect(group.getByText('A. Verdadero')).toBeVisible()
  await expect(group.getByText('B. Falso')).toBeVisible()
})
