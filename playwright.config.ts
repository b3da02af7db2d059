import { defineConfig } from '@playwright/test'
import { chromiumExecutable } from './tests/e2e/browser.ts'
import { compiledNodeArgs } from './tests/helpers/compiledCommand.ts'

const PORT = Number(process.env.E2E_PORT ?? 3100)

/** End-to-end tests drive Debian's Chromium (its headless shell: tests/e2e/browser.ts) against the built site served by the real API server. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder on start; a subfolder keeps Vitest's report in test-results/ for .ci/run.
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  // Two workers (CI has 2 cores) share one server. Files run in parallel with each other; inside a file tests keep
  // their order unless the file says otherwise (the axe sweep does). Tests never depend on a filing number or on
  // another test's data, and the server's rate limit is raised, so workers cannot disturb each other.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-CO',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The server's compiled copy, as the Vitest tests start it (tests/helpers/compiledCommand.ts): no tsx start-up.
    command: `node ${JSON.stringify(compiledNodeArgs('src/server/main.ts')[0])}`,
    url: `http://127.0.0.1:${PORT}/api/tipo-solicitud`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'test-results/e2e-data',
      RATE_LIMIT_MAX: '10000',
      CONSULTA_RATE_LIMIT_MAX: '10000',
      LOG_LEVEL: 'warn',
    },
  },
})
