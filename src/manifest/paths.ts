import path from 'node:path'

/**
 * Folders are resolved from environment variables so tests and the staff
 * workflow can point the engine at a copy of the manifest.
 */
export function projectRoot(): string {
  return path.resolve(process.env.PROJECT_ROOT ?? process.cwd())
}

export function manifestDir(): string {
  return path.resolve(process.env.MANIFEST_DIR ?? path.join(projectRoot(), 'manifest'))
}

export function publicDir(): string {
  return path.resolve(process.env.PUBLIC_DIR ?? path.join(projectRoot(), 'public'))
}

export function schemasDir(): string {
  return path.join(projectRoot(), 'schemas')
}

/** Path shown to staff: relative to the project root, with forward slashes. */
export function displayPath(file: string): string {
  const rel = path.relative(projectRoot(), file)
  return (rel.startsWith('..') ? file : rel).split(path.sep).join('/')
}
