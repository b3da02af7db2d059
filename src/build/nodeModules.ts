/**
 * Where an installed package is, found as Node finds it: in `node_modules` of the folder, then of each folder
 * above. A checkout without its own node_modules inside a folder that has one (the update tests' copies of the
 * project, a workspace layout) then builds with the packages above it, real files and no links.
 */
import fs from 'node:fs'
import path from 'node:path'

export function findPackageDir(from: string, name: string): string | undefined {
  let dir = path.resolve(from)
  for (;;) {
    const candidate = path.join(dir, 'node_modules', ...name.split('/'))
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate)
    const parent = path.dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

/** The node_modules folder holding Vike (and the bundler's server-entry pointer every build rewrites). */
export function vikeNodeModules(root: string): string {
  const vike = findPackageDir(root, 'vike')
  return vike ? path.dirname(vike) : path.join(root, 'node_modules')
}
