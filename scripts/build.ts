/**
 * `npm run build`: validates the manifest, then rebuilds only the content when
 * the code did not change since the last full build, or everything otherwise
 * (see scripts/lib/buildSite.ts). `npm run build -- --completa` always bundles again;
 * `--reutilizar <carpeta>` builds into a new output folder from the bundles of a previous one (publishing);
 * `--detalle` shows the bundler's own output (otherwise kept in dist/registro-compilacion.log).
 * On a platform (plataforma.yaml, scripts/lib/platformBuild.ts): `--sitio <id>` builds one site (into
 * `--salida <carpeta>` instead of its dist/sitios/<id>: publishing), `--todos` all.
 */
import { buildSite } from './lib/buildSite.ts'
import { buildAllSites, buildOneSite, INVALID_MANIFEST_EXIT, platformToBuild } from './lib/platformBuild.ts'

const args = process.argv.slice(2)
const optionValue = (flag: string) => {
  const at = args.indexOf(flag)
  return { at, value: at >= 0 ? args[at + 1] : undefined }
}
const reuse = optionValue('--reutilizar')
const site = optionValue('--sitio')
// Where one site's build goes instead of dist/sitios/<id> (a release folder: npm run publicar -- --sitio).
const into = optionValue('--salida')
// An option's place and its value's; an absent option (at -1) takes none (its «value» would be the first argument).
const taken = new Set([reuse, site, into].flatMap(o => (o.at >= 0 ? [o.at, o.at + 1] : [])))
const unknown = args.filter((a, i) => !['--completa', '--detalle', '--todos'].includes(a) && !taken.has(i))
if (
  unknown.length > 0 ||
  (reuse.at >= 0 && !reuse.value) ||
  (site.at >= 0 && !site.value) ||
  (site.at >= 0 && args.includes('--todos')) ||
  (into.at >= 0 && (!into.value || !site.value))
) {
  console.error(
    `Opción desconocida: ${unknown.join(' ')}. Uso: npm run build [-- --completa] [-- --detalle] [-- --reutilizar <carpeta de una compilación anterior>] [-- --sitio <id> [--salida <carpeta>] | --todos]`,
  )
  process.exit(2)
}
const options = { full: args.includes('--completa'), detail: args.includes('--detalle'), reuseFrom: reuse.value }

if (site.value || args.includes('--todos')) {
  const platform = platformToBuild()
  if (!platform) process.exit(2)
  if (args.includes('--todos')) {
    const passOn = args.filter(a => a === '--completa' || a === '--detalle')
    process.exit((await buildAllSites(platform, passOn)) ? 0 : 1)
  }
  const chosen = platform.sites.find(s => s.id === site.value)
  if (!chosen) {
    console.error(`No hay un sitio «${site.value}» en ${platform.file}; sitios: ${platform.sites.map(s => s.id).join(', ')}.`)
    process.exit(2)
  }
  const result = await buildOneSite(chosen, { ...options, outDir: into.value })
  process.exit(result.ok ? 0 : result.invalid ? INVALID_MANIFEST_EXIT : 1)
}
const result = await buildSite(options)
process.exit(result.ok ? 0 : 1)
