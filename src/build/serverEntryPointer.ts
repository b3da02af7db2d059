/**
 * Vike's `prerender` command finds the server bundle through a file inside node_modules
 * (@brillout/vite-plugin-server-entry's `autoImporter.js`), which every `vike build` rewrote to point at its own
 * output folder: one file shared by every build of the installation (and, through a linked node_modules, by other
 * checkouts), which serialized builds and broke `npm run publicar` with a linked node_modules («Cannot find module
 * …/publicaciones/<fecha>/server/entry.mjs»: the pointer's relative path was resolved from the link's target).
 * The build now turns that pointer off (vite.config.ts, noServerEntryPointer): the pre-render then finds the bundle
 * in the output folder of its own configuration. A pointer left set by an earlier build would still be followed,
 * so it is reset once to the plugin's own «not set» content; later builds find it so and leave it alone.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { findPackageDir, vikeNodeModules } from './nodeModules.ts'

const PLUGIN = '@brillout/vite-plugin-server-entry'
const POINTER = ['dist', 'esm', 'runtime', 'autoImporter.js']
const UNSET = "export const status = 'UNSET';\n"

/** The pointer file the Vike of `root` reads, when found. */
export function serverEntryPointerFile(root: string): string | undefined {
  // The plugin copy Vike itself loads: resolved from Vike's folder, which may be above the project (nodeModules.ts).
  const plugin = findPackageDir(path.join(vikeNodeModules(root), 'vike'), PLUGIN)
  const file = plugin && path.join(plugin, ...POINTER)
  return file && fs.existsSync(file) ? fs.realpathSync(file) : undefined
}

/** Resets a pointer that is set; returns whether it had to. */
export function forgetServerEntryPointer(root: string): boolean {
  const file = serverEntryPointerFile(root)
  if (!file || !fs.readFileSync(file, 'utf8').includes("status = 'SET'")) return false
  // Written aside, then renamed over it (as the plugin does): a build reading it at the same time never sees half a file.
  const tmp = `${file}.${crypto.randomUUID()}.tmp`
  fs.writeFileSync(tmp, UNSET)
  fs.renameSync(tmp, file)
  return true
}
