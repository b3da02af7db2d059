/**
 * Test files share a worker and its modules (`isolate: false`, vitest.config.ts; docs/decisions/testing.md). A module
 * one file replaced by a mock would stay replaced for every file after it in that worker, so no test file mocks a
 * module; and the files kept in a process of their own must exist: a renamed one would silently join a shared worker.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OWN_PROCESS } from '../../vitest.config.ts'

const MOCKS_A_MODULE = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock)\s*\(/

describe('test files sharing a worker', () => {
  it('mock no module', () => {
    const files = fs.globSync('tests/{unit,api,site,build}/**/*.test.{ts,tsx}')
    expect(files.length).toBeGreaterThan(200)
    expect(files.filter(f => MOCKS_A_MODULE.test(fs.readFileSync(f, 'utf8')))).toEqual([])
  })

  it('the files that keep a process of their own exist', () => {
    expect(OWN_PROCESS.length).toBeGreaterThan(0)
    for (const file of OWN_PROCESS) expect(fs.existsSync(file), file).toBe(true)
  })
})
