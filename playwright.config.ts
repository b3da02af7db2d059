import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)

/** End-to-end tests drive Debian's Chromium against the built site served by the real API server. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder on start; a subfolder keeps Vitest's report in test-results/ for .ci/run.
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-CO',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/tipo-solicitud`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'test-results/e2e-data', RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'warn' },
  },
})
