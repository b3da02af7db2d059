/**
 * `--sitio <id>` of the staff and IT commands (`usuarios`, `respaldo`, `restaurar`, `export`): on a platform
 * (plataforma.yaml) a command works on one site's data only, the one it names, with that site's folders (platform.ts)
 * and, on PostgreSQL, that site's rows (siteTenancy.ts). Without a platform nothing changes; with one, a command
 * that names no site is refused, whatever the environment says: DATA_DIR (set by the service's variables file) names
 * no hospital, and on PostgreSQL a command without a site would act on rows of a site no platform has
 * (docs/decisions/platform.md, «A command never guesses the site»).
 */
import { takeOption } from '../cli/commandLine.ts'
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

/** The refusal of a command that names no site on a platform: the sites, the fix, and why DATA_DIR is no answer. */
function withoutSite(ids: string, file: string, env: NodeJS.ProcessEnv): string {
  const dataDir = env.DATA_DIR ? ` DATA_DIR (${env.DATA_DIR}) no elige el sitio: cada sitio tiene su carpeta de datos y, con PostgreSQL, sus filas.` : ''
  return `Esta instalación es una plataforma de varios sitios (${file}: ${ids}) y el comando no elige uno por su cuenta: indique cuál con --sitio <id> (por ejemplo --sitio ${ids.split(', ')[0]}).${dataDir} No se cambió nada.`
}

/** Takes `--sitio <id>` (or `--sitio=<id>`) out of `argv` and points the environment at that site. Throws in Spanish. */
export function chooseSite(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): SiteChoice {
  const { value: wanted, rest: args } = takeOption(argv, 'sitio')
  const { platform, problems } = loadPlatform()
  if (problems.length > 0) throw new Error(`La configuración de la plataforma tiene errores:\n${problems.map(formatProblem).join('\n')}`)
  if (!platform) {
    if (wanted !== undefined) throw new Error('Esta instalación sirve un solo sitio (no hay plataforma.yaml): ejecute el comando sin --sitio.')
    return { args, env }
  }
  const ids = platform.sites.map(s => s.id).join(', ')
  if (!wanted) throw new Error(withoutSite(ids, path.basename(platform.file), env))
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
