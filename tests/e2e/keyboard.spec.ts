import fs from 'node:fs'
import { interceptFileChoosers, openHydrated } from './hydration.ts'
import { expect, test, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { loadForms } from '../../src/manifest/load.ts'
import type { FormDefinition } from '../../src/manifest/types.generated.ts'
import { QUIZ_KEY } from '../helpers/specMessages.ts'

/**
 * Every form of the site completed with the keyboard alone: Tab to move,
 * typing, arrow keys in selects and radio groups, Space for checkboxes and
 * the file chooser, Enter to submit. No clicks, no fill(), no focus().
 */
// The forms as the site shows them: with the consent checkbox the privacy notice adds (docs/decisions/rendering.md).
const FORMS = loadForms().manifest.forms.map(f => f.data)
const form = (id: string) => FORMS.find(f => f.id === id)!

async function active(page: Page): Promise<{ name: string | null; id: string; type: string; tag: string; text: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    return {
      name: el?.getAttribute('name') ?? null,
      id: el?.id ?? '',
      type: el?.type ?? '',
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.textContent ?? '').trim(),
    }
  })
}

/** Presses Tab until the focused element satisfies `want` (bounded, so a keyboard trap fails the test). */
async function tabTo(page: Page, want: (a: Awaited<ReturnType<typeof active>>) => boolean, what: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (want(await active(page))) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`could not reach ${what} with Tab`)
}

/** Starts from the skip link, which takes the focus to the main content. */
async function startAtMain(page: Page, route: string): Promise<void> {
  await openHydrated(page, route)
  await page.keyboard.press('Tab')
  expect((await active(page)).text).toBe('Saltar al contenido principal')
  await page.keyboard.press('Enter')
}

function valueFor(name: string, control: string, patron?: string): string {
  if (control === 'email') return 'ciudadana@example.org'
  if (name === 'numeroIdentificacion') return '1020304050'
  if (control === 'tel' || patron?.startsWith('^[0-9]')) return '3001234567'
  return `Texto de ${name}`
}

async function fillDefinedForm(page: Page, def: FormDefinition, pdfPath?: string): Promise<void> {
  for (const field of def.campos) {
    if (field.control === 'hidden') continue
    await tabTo(page, a => a.name === field.nombre, `field ${field.nombre}`)
    switch (field.control) {
      case 'select':
        await page.keyboard.press('ArrowDown')
        break
      case 'checkbox':
        await page.keyboard.press('Space')
        break
      case 'radio':
        await page.keyboard.press('Space')
        break
      case 'file': {
        const chooser = page.waitForEvent('filechooser')
        await page.keyboard.press('Space')
        await (await chooser).setFiles(pdfPath!)
        break
      }
      default:
        await page.keyboard.type(valueFor(field.nombre, field.control, field.patron))
    }
  }
  await tabTo(page, a => a.tag === 'button' && a.text === def.botonEnviar, `the «${def.botonEnviar}» button`)
  await page.keyboard.press('Enter')
}

test('every form can be completed and sent with the keyboard alone', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  interceptFileChoosers(page)
  const pdf = await PDFDocument.create()
  pdf.addPage().drawText('Solicitud de historia clinica')
  const pdfPath = testInfo.outputPath('solicitud.pdf')
  fs.writeFileSync(pdfPath, await pdf.save())

  // PQRSD
  await startAtMain(page, '/pqrsd')
  await fillDefinedForm(page, form('pqrsd'))
  await expect(page.getByText(/^PQRSD creado exitosamente con número de radicado: PQRS-\d{4}-\d{6}$/)).toBeVisible()

  // Appointment
  await startAtMain(page, '/citas')
  await fillDefinedForm(page, form('cita'))
  await expect(
    page.getByText(
      /^Solicitud de cita radicada exitosamente con número: CITA-\d{4}-\d{6}\. Nuestra institución tendrá 3 días hábiles para dar respuesta a su solicitud\.$/,
    ),
  ).toBeVisible()

  // Clinical record, with the PDF picked through the keyboard-opened file chooser
  await startAtMain(page, '/historia-clinica')
  await fillDefinedForm(page, form('historia-clinica'), pdfPath)
  await expect(page.getByText(/radicada exitosamente con número: HC-\d{4}-\d{6}/)).toBeVisible()

  // Newsletter in the footer
  await startAtMain(page, '/pqrsd/consulta')
  await fillDefinedForm(page, form('suscripcion'))
  await expect(page.getByText('Registro Exitoso', { exact: true })).toBeVisible()

  // Induction quiz: arrow keys pick the answer of the key in each radio group
  await startAtMain(page, '/induccion/modulo5')
  const quiz = form('evaluacion')
  for (const field of quiz.campos) {
    await tabTo(page, a => a.name === field.nombre, `quiz field ${field.nombre}`)
    const q = /^pregunta(\d+)$/.exec(field.nombre)
    if (q) {
      await page.keyboard.press('Space')
      for (let i = 0; i < QUIZ_KEY[Number(q[1]) - 1]!.charCodeAt(0) - 65; i++) await page.keyboard.press('ArrowDown')
    } else if (field.control === 'radio') await page.keyboard.press('Space')
    else await page.keyboard.type(valueFor(field.nombre, field.control, field.patron))
  }
  await tabTo(page, a => a.tag === 'button' && a.text === quiz.botonEnviar, 'the quiz submit button')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Aprobado')
  await expect(dialog).toContainText('11')
  await tabTo(page, a => a.tag === 'button' && /cerrar/i.test(a.text), 'the dialog close button')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()

  // Staff sign-in page: the keyboard reaches every control and the server's answer
  await startAtMain(page, '/acceder')
  await tabTo(page, a => a.id === 'acceso-correo', 'the e-mail field')
  await page.keyboard.type('funcionario@example.org')
  await page.keyboard.press('Tab')
  await page.keyboard.type('secreto')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await tabTo(page, a => a.tag === 'button' && a.text === 'Ingresar', 'the Ingresar button')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toContainText('Correo o contraseña incorrectos.')
})
