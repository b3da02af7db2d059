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

/**
 * Path shown to staff: always `manifest/…` or `public/…`, wherever the
 * content folders actually are (tests and previews work on copies).
 */
export function displayPath(file: string): string {
  const abs = path.resolve(file)
  for (const [root, label] of [
    [manifestDir(), 'manifest'],
    [publicDir(), 'public'],
  ] as const) {
    const rel = path.relative(root, abs)
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) return [label, ...rel.split(path.sep)].join('/')
  }
  const rel = path.relative(projectRoot(), abs)
  return (rel.startsWith('..') ? abs : rel).split(path.sep).join('/')
}
