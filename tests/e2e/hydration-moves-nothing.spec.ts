import { expect, test } from '@playwright/test'

/**
 * Hydration takes over the pre-rendered page where it stands (docs/decisions/accessibility.md, «Hydration moves
 * nothing»): no element of the page's root leaves the document. When hydration moved the skip link, header, main and
 * footer, a keyboard user who had tabbed into the header before the page hydrated (seconds, on a slow phone) lost
 * focus to the top of the page; CI saw it as a focus sweep of /pqrsd ending after two elements.
 */
for (const route of ['/pqrsd', '/']) {
  test(`${route}: hydration removes no element of the page's root, and focus stays where the visitor put it`, async ({ page }) => {
    await page.addInitScript(() => {
      const removed: string[] = []
      ;(window as unknown as { __removed: string[] }).__removed = removed
      new MutationObserver(records => {
        for (const r of records)
          if (r.target instanceof Element && r.target.id === 'root')
            for (const n of r.removedNodes) removed.push(n instanceof Element ? `${n.tagName.toLowerCase()}.${n.className}` : n.nodeName)
      }).observe(document, { childList: true, subtree: true })
    })
    // Focus inside the header as the page paints, as a visitor tabbing before the scripts have run.
    await page.goto(route, { waitUntil: 'commit' })
    await page.locator('a.saltar').focus()
    await expect(page.locator('.fecha-actual time')).toBeAttached()
    expect(await page.evaluate(() => (window as unknown as { __removed: string[] }).__removed)).toEqual([])
    await expect(page.locator('a.saltar')).toBeFocused()
  })
}
