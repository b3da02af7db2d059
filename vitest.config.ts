import { configDefaults, defineConfig } from 'vitest/config'
import SlowFirstSequencer from './tests/helpers/slowFirstSequencer.ts'

const INTEGRATION = ['tests/site/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/build/**/*.test.{ts,tsx}']

/**
 * Integration files that cannot share a worker with other files, so run in a process of their own (isolate: true):
 * - site-hosts starts a server in V8's memory-saving mode, which stays set for the rest of the process
 *   (src/server/memorySaving.ts): every file after it in the worker would run with a compacting collector.
 */
export const OWN_PROCESS = ['tests/api/site-hosts.test.ts']

export default defineConfig({
  test: {
    // The slowest folders first, so no long file starts last and runs alone (tests/helpers/slowFirstSequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    environment: 'node',
    // Generous: command-line tests start Node processes (compiled copies, tests/helpers/compiledCommand.ts), slow when both workers do at once on a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run in parallel: API tests take free ports and their own temporary data folders, validator tests their
    // own copies of the fixtures. Two workers match CI's 2 cores.
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        // tests/unit: pure (no build needed). They share one module graph per worker instead of importing it again
        // for each file (isolate: false): each of the 83 files imported zod, yaml, React and the manifest schema
        // anew. So a unit file mocks no module and puts back what it changes (environment, spies): docs/decisions/testing.md.
        extends: true,
        // The servers and commands the tests start run from compiled copies made here once (tests/helpers/compiledCommand.ts).
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], isolate: false, globalSetup: ['tests/helpers/compiledCommandsGlobal.ts'] },
      },
      {
        // tests/site: the built site in dist/client; tests/api: the server over HTTP; tests/build: commands that build
        // the project or a copy of it (releases, platform sites, updates). Their files share a module graph per worker
        // too (isolate: false): each of the 115 files imported Fastify, Kysely, pg, React and the manifest schema
        // again, 395 s of summed import (46 s shared). Same rules as tests/unit (docs/decisions/testing.md).
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          isolate: false,
          setupFiles: ['tests/helpers/tempDirsCleanup.ts'],
          // One throwaway PostgreSQL cluster for the whole run, started by the first test file that needs it (the store suites).
          // The servers and commands the tests start, compiled once (tests/helpers/compiledCommand.ts).
          globalSetup: ['tests/helpers/postgresGlobal.ts', 'tests/helpers/compiledCommandsGlobal.ts'],
        },
      },
      {
        // The integration files that change their process for good, each in a process of its own (OWN_PROCESS).
        extends: true,
        test: {
          name: 'integration-own-process',
          include: OWN_PROCESS,
          setupFiles: ['tests/helpers/tempDirsCleanup.ts'],
          globalSetup: ['tests/helpers/postgresGlobal.ts', 'tests/helpers/compiledCommandsGlobal.ts'],
        },
      },
    ],
  },
})
