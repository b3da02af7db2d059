import { defineConfig } from 'vitest/config'
import SlowFirstSequencer from './tests/helpers/slowFirstSequencer.ts'

export default defineConfig({
  test: {
    // tests/unit: pure (no build needed); tests/site: the built site in dist/client; tests/api: the server over HTTP;
    // tests/build: commands that build the project or a copy of it (releases, platform sites, updates).
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/site/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/build/**/*.test.{ts,tsx}'],
    // The slowest folders first, so no long file starts last and runs alone (tests/helpers/slowFirstSequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    environment: 'node',
    // One throwaway PostgreSQL cluster for the whole run, started by the first test file that needs it (the store suites).
    globalSetup: ['tests/helpers/postgresGlobal.ts'],
    // Generous: command-line tests start Node with tsx, slow when both workers do at once on a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run in parallel (each in its own process): API tests take free ports and their own temporary data folders,
    // validator tests their own copies of the fixtures. Two workers match CI's 2 cores.
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
})
