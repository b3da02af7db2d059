import { expect, type Page } from '@playwright/test'

/**
 * Opens a page hydrated by React and waits until React has taken over: the
 * header's date is written only after mount. Without this wait, a click that
 * lands before hydration submits the form natively (the no-JavaScript path),
 * and a test of the scripted behaviour fails now and then.
 */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('.fecha-actual time')).toBeVisible()
}
