/**
 * What makes a release archive runnable by `node` alone (docs/decisions/updates-and-releases.md, «Archives run by
 * node»): the sources compiled file by file to JavaScript on the build machine (esbuild, no bundling, so every
 * module keeps its place and `import.meta.dirname` its meaning), the production packages the server needs and only
 * those (no Vite, no TypeScript, no tsx), and a package.json whose commands run the compiled files.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Source folders compiled into the archive (their other files, such as CSS or generated validators, are copied). */
export const COMPILED_FOLDERS = ['src', 'scripts']
/** Folders not shipped: the site's build-time code (its result is in dist/) and the build tooling's own. */
const SKIPPED = new Set([path.join('src', 'pages'), path.join('src', 'renderer')])

/**
 * Root dependencies used only to build the site or run the staff's tools on a workstation; the closure of the others
 * is what the archive carries. The test of a real archive fails when the server needs one of them.
 */
export const BUILD_ONLY_PACKAGES = new Set(['vike', 'vike-react', 'tsx', 'esbuild', 'decap-cms', 'decap-server', '@picocss/pico', 'preact'])
/** Never in an archive, whoever depends on them: the server compiles nothing. */
export const COMPILERS = ['vite', 'typescript', 'tsx', 'esbuild']

function sourceFiles(root: string, dir: string, out: { ts: string[]; other: string[] }): void {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name)
    if (SKIPPED.has(rel)) continue
    if (entry.isDirectory()) sourceFiles(root, rel, out)
    else if (/\.d\.ts$/.test(entry.name)) continue
    else if (/\.tsx?$/.test(entry.name)) out.ts.push(rel)
    else out.other.push(rel)
  }
}

/** `./x.ts`, `../y.tsx` in import and export specifiers become `.js`: the compiled files sit where the sources were. */
export function rewriteSpecifiers(code: string): string {
  return code.replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']*?)\.tsx?\2/g, '$1$2$3.js$2')
}

/** Compiles `src/` and `scripts/` of `root` into `outDir` (same layout, `.js`), and copies their other files. */
export async function compileProgram(root: string, outDir: string): Promise<void> {
  const files = { ts: [] as string[], other: [] as string[] }
  for (const dir of COMPILED_FOLDERS) if (fs.existsSync(path.join(root, dir))) sourceFiles(root, dir, files)
  // Loaded here, not at the top: the installed program imports this module's neighbours (releasePackage.ts) and
  // carries no esbuild (COMPILERS).
  const { build } = await import('esbuild')
  await build({
    absWorkingDir: root,
    entryPoints: files.ts,
    outdir: outDir,
    outbase: '.',
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    logLevel: 'error',
  })
  for (const rel of files.ts) {
    const out = path.join(outDir, rel.replace(/\.tsx?$/, '.js'))
    fs.writeFileSync(out, rewriteSpecifiers(fs.readFileSync(out, 'utf8')))
  }
  for (const rel of files.other) {
    fs.mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true })
    fs.copyFileSync(path.join(root, rel), path.join(outDir, rel))
  }
}

interface LockPackage {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  dev?: boolean
}

/** Where Node finds package `name` from the package at `from` (a lock file location): nested first, then upwards. */
function locate(packages: Record<string, LockPackage>, from: string, name: string): string | undefined {
  let base = from
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!base) return undefined
    const up = base.lastIndexOf('/node_modules/')
    base = up < 0 ? '' : base.slice(0, up)
  }
}

/**
 * The folders (relative, `node_modules/…`) of the packages the server needs: the closure of the root's production
 * dependencies except the build-only ones, read from package-lock.json and kept only when installed. Throws when a
 * compiler is in it.
 */
export function runtimePackages(root: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> }
  const { packages } = lock
  const seen = new Set<string>()
  const visit = (from: string, names: string[]) => {
    for (const name of names) {
      const at = locate(packages, from, name)
      if (!at || seen.has(at) || !fs.existsSync(path.join(root, at))) continue
      seen.add(at)
      const p = packages[at]!
      visit(at, [...Object.keys(p.dependencies ?? {}), ...Object.keys(p.optionalDependencies ?? {}), ...Object.keys(p.peerDependencies ?? {})])
    }
  }
  visit(
    '',
    Object.keys(packages['']?.dependencies ?? {}).filter(n => !BUILD_ONLY_PACKAGES.has(n)),
  )
  const folders = [...seen].sort()
  const compilers = folders.filter(f => COMPILERS.some(c => f.endsWith(`node_modules/${c}`)))
  if (compilers.length) throw new Error(`el paquete llevaría herramientas de compilación (${compilers.join(', ')}): revise BUILD_ONLY_PACKAGES.`)
  // A nested folder travels with its parent: listing it again would put it twice in the archive.
  return folders.filter(f => !folders.some(parent => f !== parent && f.startsWith(`${parent}/`))).map(f => f.split('/').join(path.sep))
}

/** Commands that work in an archive (they run the compiled files); the others need the build tools and are dropped. */
const ARCHIVE_COMMANDS = ['actualizar', 'instalar', 'export', 'usuarios', 'bd:preparar', 'bd:migrar', 'respaldo', 'restaurar', 'ita']

/** The archive's package.json: the same, its commands on `node` and the compiled files, and `start` the server. */
export function archivePackageJson(packageJson: string): string {
  const pkg = JSON.parse(packageJson) as { scripts?: Record<string, string> }
  const scripts: Record<string, string> = { start: 'node src/server/main.js' }
  for (const name of ARCHIVE_COMMANDS) {
    const command = pkg.scripts?.[name]
    if (command) scripts[name] = command.replace(/^tsx (\S+)\.ts\b/, 'node $1.js')
  }
  return `${JSON.stringify({ ...pkg, scripts }, null, 2)}\n`
}
