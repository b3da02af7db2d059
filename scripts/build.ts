/**
 * `npm run build`: validates the manifest, then rebuilds only the content when
 * the code did not change since the last full build, or everything otherwise
 * (see src/build/buildSite.ts). `npm run build -- --completa` always bundles again;
 * `--reutilizar <carpeta>` builds into a new output folder from the bundles of a previous one (publishing);
 * `--detalle` shows the bundler's own output (otherwise kept in dist/registro-compilacion.log).
 * On a platform (plataforma.yaml, scripts/lib/platformBuild.ts): `--sitio <id>` builds one site (into
 * `--salida <carpeta>` instead of its dist/sitios/<id>: publishing), `--todos` all.
 */
import { readCommandLine } from '../src/cli/commandLine.ts'
import { buildSite } from '../src/build/buildSite.ts'
import { buildAllSites, buildOneSite, INVALID_MANIFEST_EXIT, platformToBuild } from './lib/platformBuild.ts'

const USAGE =
  'Uso: npm run build [-- --completa] [-- --detalle] [-- --reutilizar <carpeta de una compilación anterior>] [-- --sitio <id> [--salida <carpeta>] | --todos]'
const OPTIONS = {
  completa: { type: 'boolean' },
  detalle: { type: 'boolean' },
  todos: { type: 'boolean' },
  reutilizar: { type: 'string' },
  sitio: { type: 'string' },
  // Where one site's build goes instead of dist/sitios/<id> (a release folder: npm run publicar -- --sitio).
  salida: { type: 'string' },
} as const
let values: ReturnType<typeof readCommandLine<typeof OPTIONS>>['values'] = {}
try {
  const line = readCommandLine(process.argv.slice(2), OPTIONS, USAGE)
  values = line.values
  if (line.positionals.length > 0) throw new Error(`Argumento de más: «${line.positionals.join(' ')}». ${USAGE}`)
  if (values.reutilizar === '' || values.sitio === '' || values.salida === '') throw new Error(`Falta un valor. ${USAGE}`)
  if (values.sitio !== undefined && values.todos) throw new Error(`--sitio y --todos no van juntos. ${USAGE}`)
  if (values.salida !== undefined && values.sitio === undefined) throw new Error(`--salida es de --sitio <id>. ${USAGE}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}
const options = { full: values.completa === true, detail: values.detalle === true, reuseFrom: values.reutilizar }

if (values.sitio !== undefined || values.todos) {
  const platform = platformToBuild()
  if (!platform) process.exit(2)
  if (values.todos) {
    const passOn = [...(values.completa ? ['--completa'] : []), ...(values.detalle ? ['--detalle'] : [])]
    process.exit((await buildAllSites(platform, passOn)) ? 0 : 1)
  }
  const chosen = platform.sites.find(s => s.id === values.sitio)
  if (!chosen) {
    console.error(`No hay un sitio «${values.sitio}» en ${platform.file}; sitios: ${platform.sites.map(s => s.id).join(', ')}.`)
    process.exit(2)
  }
  const result = await buildOneSite(chosen, { ...options, outDir: values.salida })
  process.exit(result.ok ? 0 : result.invalid ? INVALID_MANIFEST_EXIT : 1)
}
const result = await buildSite(options)
process.exit(result.ok ? 0 : 1)
