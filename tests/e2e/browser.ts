import fs from 'node:fs'

/**
 * The browser the end-to-end tests drive: Debian's headless shell of Chromium (package chromium-headless-shell, built
 * from the same source and version as /usr/bin/chromium), which Playwright itself uses for headless runs. Chromium's
 * full browser in headless mode starts the processes of a desktop browser for every page; the same sweeps cost about
 * 30 % more CPU with it, and CI is bound by CPU (docs/decisions/testing.md). `CHROMIUM_PATH` chooses another binary,
 * and a machine without the headless shell falls back to the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const FULL_BROWSER = '/usr/bin/chromium'

export function chromiumExecutable(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER
}
