/**
 * Temporary folders a test file makes (`tempDataDir`), removed after the file's own afterAll hooks by the hook of
 * tests/helpers/tempDirsCleanup.ts, a setup file that runs for every test file. The hook cannot live in the module that
 * makes the folders: in a worker shared by several files (`isolate: false`) a module is evaluated once, so a hook
 * it registers would run for the first file that imports it and never again (docs/decisions/testing.md).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const made: string[] = []

/** A fresh folder under the system's temporary folder, removed when the test file ends. */
export function tempDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `api-${label}-`))
  made.push(dir)
  return dir
}

/** Removes the folders made since the last call. */
export function removeTempDirs(): void {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true })
}
