/**
 * Vike's `prerender` command finds the server bundle through a file that the last `vike build` wrote inside
 * node_modules (@brillout/vite-plugin-server-entry's `autoImporter.js`), whatever that build's output folder was.
 * A content-only pass into one folder after a full build into another (a publishing folder, the bench's synthetic
 * site) would pre-render with the other build's bundle: other routes, other code. Before a content-only pass the
 * pointer is set to the bundle being reused. The file's format is the plugin's own (0.7.x); when it is not
 * recognized the caller builds in full instead, which is always correct.
 */
import fs from 'node:fs'
import path from 'node:path'
import { findPackageDir, vikeNodeModules } from './nodeModules.ts'

const PLUGIN = '@brillout/vite-plugin-server-entry'
const POINTER = ['dist', 'esm', 'runtime', 'autoImporter.js']

export function pointServerEntryAt(root: string, serverEntry: string): boolean {
  // The plugin copy Vike itself loads: resolved from Vike's folder, which may be above the project (nodeModules.ts).
  const plugin = findPackageDir(path.join(vikeNodeModules(root), 'vike'), PLUGIN)
  if (!plugin) return false
  const linked = path.join(plugin, ...POINTER)
  if (!fs.existsSync(linked) || !fs.existsSync(serverEntry)) return false
  // Node resolves the pointer's relative import from where the file really is: a node_modules that is a link
  // (the build tests' copies of the project link the real one) must not send it to another project's bundle.
  const file = fs.realpathSync(linked)
  const text = fs.readFileSync(file, 'utf8')
  const absolute = /serverEntryFilePathAbsolute: "([^"]*)"/.exec(text)?.[1]
  const relative = /serverEntryFilePathRelative: "([^"]*)"/.exec(text)?.[1]
  if (!absolute || !relative || !text.includes(`import("${relative}")`)) return false
  const wantAbsolute = toPosix(path.resolve(serverEntry))
  if (absolute === wantAbsolute) return true
  const wantRelative = toPosix(path.relative(path.dirname(file), path.resolve(serverEntry)))
  const next = text
    .replace(`import("${relative}")`, `import(${JSON.stringify(wantRelative)})`)
    .replace(`serverEntryFilePathRelative: "${relative}"`, `serverEntryFilePathRelative: ${JSON.stringify(wantRelative)}`)
    .replace(`serverEntryFilePathAbsolute: "${absolute}"`, `serverEntryFilePathAbsolute: ${JSON.stringify(wantAbsolute)}`)
  fs.writeFileSync(file, next)
  return true
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/')
}
