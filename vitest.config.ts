import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // API tests start real servers and SQLite files; files run one at a time to keep ports and disk calm on 2 cores.
    fileParallelism: false,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
})
