/** The program's version (package.json) and, when served from a publication, that publication's metadata. */
import fs from 'node:fs'
import path from 'node:path'

const PACKAGE_JSON = path.resolve(import.meta.dirname, '../../package.json')

export function programVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? 'desconocida'
  } catch {
    return 'desconocida'
  }
}
