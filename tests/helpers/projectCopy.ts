import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Gives a copy of the project (a folder with its own src/, manifest/, …) this checkout's packages: node_modules/ as a
 * folder of links, one per package, with its own `.cache/`. The copy's build then keeps its compiled commands
 * (scripts/lib/commandBundle.mjs), bundles and snapshots apart: through one link to the whole node_modules/, the
 * copy's compiled build and this checkout's would share one file name, each compiling it again over the other (and a
 * test file running at the same time could start the other checkout's copy). No package is copied (900 MB).
 */
export function linkPackages(copy: string): void {
  const own = path.join(copy, 'node_modules')
  fs.mkdirSync(own, { recursive: true })
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'), { withFileTypes: true })) {
    if (entry.name === '.cache') continue
    // A junction for a folder (Windows needs no rights for one); a file (npm's `.package-lock.json`) gets a file link.
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry.name), path.join(own, entry.name), entry.isDirectory() ? 'junction' : 'file')
  }
}
