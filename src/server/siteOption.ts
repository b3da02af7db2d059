/**
 * `--sitio <id>` of the staff and IT commands (`usuarios`, `respaldo`, `export`; issue 28, item 4): on a platform
 * (plataforma.yaml) a command works on one site's data only, the one it names, with that site's folders (platform.ts)
 * and, on PostgreSQL, that site's rows (siteTenancy.ts). Without a platform nothing changes; with one, a command
 * that names no site is refused rather than run on a folder that is no hospital's.
 */
import path from 'node:path'
import { loadPlatform } from '../manifest/platform.ts'
import { formatProblem } from '../manifest/problem.ts'
import { backupDestinationFromEnv } from './config.ts'

export interface SiteChoice {
  /** The command's arguments without `--sitio <id>`. */
  args: string[]
  /** The environment with the site's folders (DATA_DIR, MANIFEST_DIR, PUBLICACIONES_DIR, RESPALDO_DESTINO). */
  env: NodeJS.ProcessEnv
  /** The site's id for the store (undefined: the single site). */
  siteId?: string
}

/** Takes `--sitio <id>` (or `--sitio=<id>`) out of `argv` and points the environment at that site. Throws in Spanish. */
export function chooseSite(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): SiteChoice {
  const args: string[] = []
  let wanted: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--sitio') wanted = argv[++i] ?? ''
    else if (arg.startsWith('--sitio=')) wanted = arg.slice('--sitio='.length)
    else args.push(arg)
  }
  const { platform, problems } = loadPlatform()
  if (problems.length > 0) throw new Error(`La configuración de la plataforma tiene errores:\n${problems.map(formatProblem).join('\n')}`)
  if (!platform) {
    if (wanted !== undefined) throw new Error('Esta instalación sirve un solo sitio (no hay plataforma.yaml): ejecute el comando sin --sitio.')
    return { args, env }
  }
  const ids = platform.sites.map(s => s.id).join(', ')
  // Without --sitio only a data folder named explicitly is used (`npm run sitio -- crear` makes a site's first
  // account before the site is in plataforma.yaml); otherwise the root data folder would be no hospital's.
  if (!wanted && env.DATA_DIR) return { args, env }
  if (!wanted) throw new Error(`Esta instalación sirve varios sitios (${ids}): indique cuál con --sitio <id>.`)
  const site = platform.sites.find(s => s.id === wanted)
  if (!site) throw new Error(`No existe el sitio «${wanted}» en ${path.basename(platform.file)} (sitios: ${ids}).`)
  return {
    args,
    siteId: site.id,
    env: {
      ...env,
      DATA_DIR: site.dataDir,
      MANIFEST_DIR: site.manifestDir,
      PUBLICACIONES_DIR: site.releasesDir,
      // Where the server keeps the site's daily backups (siteHosts.ts): the same folder.
      RESPALDO_DESTINO: path.join(backupDestinationFromEnv(env), 'sitios', site.id),
    },
  }
}
