/**
 * `npm run build`: validates the manifest, then rebuilds only the content when
 * the code did not change since the last full build, or everything otherwise
 * (see scripts/lib/buildSite.ts). `npm run build -- --completa` always bundles again.
 */
import { buildSite } from './lib/buildSite.ts'

const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--completa')
if (unknown.length > 0) {
  console.error(`Opción desconocida: ${unknown.join(' ')}. Uso: npm run build [-- --completa]`)
  process.exit(2)
}
const result = await buildSite({ full: args.includes('--completa') })
process.exit(result.ok ? 0 : 1)
