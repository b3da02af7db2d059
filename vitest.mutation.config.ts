import { defineConfig } from 'vitest/config'

/** Pure tests only (no build, no server): the quick mutation run of docs/benchmarks.md. */
export default defineConfig({
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
})
