import fs from 'node:fs'
import path from 'node:path'

/**
 * Every file under `dir` as [absolute path, path relative to `dir`], in a fixed order (names sorted in each folder),
 * skipping the folders in `skip` (relative); `onDir` gets each folder's relative path. For the hashes that say
 * whether a folder is what an earlier run read (src/build/validationCache.ts, src/server/siteDataFile.ts).
 */
export function filesInOrder(dir: string, skip: string[] = [], onDir?: (rel: string) => void, rel = ''): Array<[string, string]> {
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  const out: Array<[string, string]> = []
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = dir + path.sep + entry.name
    const childRel = rel ? rel + path.sep + entry.name : entry.name
    if (skip.includes(childRel)) continue
    if (entry.isDirectory()) {
      onDir?.(childRel)
      for (const file of filesInOrder(full, skip, onDir, childRel)) out.push(file)
    } else out.push([full, childRel])
  }
  return out
}
