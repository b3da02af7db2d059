import { expect, type Page } from '@playwright/test'

/**
 * Opens a page hydrated by React and waits until React has taken over: the
 * header's date is written only after mount. Without this wait, a click that
 * lands before hydration submits the form natively (the no-JavaScript path),
 * and a test of the scripted behaviour fails now and then. Attached, not visible: on phones the date is folded
 * under «Accesibilidad y enlaces».
 */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('.fecha-actual time')).toBeAttached()
}

/**
 * Makes Chromium hand every file chooser to Playwright from now on. Playwright turns the interception on
 * with a message it does not wait for when a test first listens for 'filechooser'; on a loaded machine the
 * key press that opens the chooser can overtake it, a real dialog opens, and the test waits forever (seen in
 * CI). Listening from the start of the test, long before any key press, removes that race.
 */
export function interceptFileChoosers(page: Page): void {
  page.on('filechooser', () => {})
}
