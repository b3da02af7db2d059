/**
 * `npm run build`: validates the manifest, then rebuilds only the content when
 * the code did not change since the last full build, or everything otherwise
 * (see scripts/lib/buildSite.ts). `npm run build -- --completa` always bundles again;
 * `--reutilizar <carpeta>` builds into a new output folder from the bundles of a previous one (publishing);
 * `--detalle` shows the bundler's own output (otherwise kept in dist/registro-compilacion.log).
 */
import { buildSite } from './lib/buildSite.ts'

const args = process.argv.slice(2)
const reuseAt = args.indexOf('--reutilizar')
const reuseFrom = reuseAt >= 0 ? args[reuseAt + 1] : undefined
const unknown = args.filter((a, i) => a !== '--completa' && a !== '--detalle' && !(reuseAt >= 0 && (i === reuseAt || i === reuseAt + 1)))
if (unknown.length > 0 || (reuseAt >= 0 && !reuseFrom)) {
  console.error(
    `Opción desconocida: ${unknown.join(' ')}. Uso: npm run build [-- --completa] [-- --detalle] [-- --reutilizar <carpeta de una compilación anterior>]`,
  )
  process.exit(2)
}
const result = await buildSite({ full: args.includes('--completa'), detail: args.includes('--detalle'), reuseFrom })
process.exit(result.ok ? 0 : 1)
