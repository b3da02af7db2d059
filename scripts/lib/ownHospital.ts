/**
 * Whether an installation without plataforma.yaml is serving a hospital of its own (the root's `manifest/` and
 * `public/`): then `npm run sitio -- crear` must not write a plataforma.yaml holding only the new site, which would
 * leave that hospital answering «No hay ningún sitio publicado con esta dirección.» at its own address. The command
 * refuses and prints the exact steps that make the hospital a site of the platform first (docs/decisions/platform.md,
 * «An installation that serves its own hospital»).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { withSiteAdded } from './platformFileEdit.ts'

/** The site id a single hospital keeps when it becomes one site of a platform: its PostgreSQL rows carry it. */
export const OWN_SITE_ID = 'principal'

export interface OwnHospital {
  nombre: string
  /** Its domain, from `urlPublica` in manifest/site.yaml (undefined when it has none). */
  dominio?: string
  /** What shows it is served, in Spanish: «publicado en publicaciones/», … */
  evidence: string[]
  dataDir: string
}

const rel = (base: string, p: string) => path.relative(base, p).split(path.sep).join('/') || '.'

/**
 * The hospital the installation whose platform file would be `platformFile` serves, or undefined: the file exists
 * already, there is no site.yaml beside it, or nothing built, published or stored for that site. The folders are the
 * single site's, as its server and commands read them from the environment.
 */
export function servedOwnHospital(platformFile: string, env: NodeJS.ProcessEnv = process.env): OwnHospital | undefined {
  const base = path.dirname(platformFile)
  const siteFile = path.join(base, 'manifest', 'site.yaml')
  if (fs.existsSync(platformFile) || !fs.existsSync(siteFile)) return undefined
  const releases = path.resolve(base, env.PUBLICACIONES_DIR || 'publicaciones')
  const built = path.resolve(base, env.BUILD_OUT_DIR || 'dist', 'client')
  const dataDir = path.resolve(base, env.DATA_DIR || 'data')
  const evidence = [
    fs.existsSync(path.join(releases, 'actual.json')) && `publicado en ${rel(base, releases)}/`,
    fs.existsSync(path.join(built, 'index.html')) && `compilado en ${rel(base, built)}/`,
    fs.existsSync(path.join(dataDir, DB_FILE)) && `con sus datos en ${rel(base, dataDir)}/`,
    env.DATABASE_URL && 'con sus datos en la base de DATABASE_URL',
  ].filter((e): e is string => typeof e === 'string')
  if (evidence.length === 0) return undefined
  let site: { nombre?: unknown; urlPublica?: unknown } = {}
  try {
    site = (parse(fs.readFileSync(siteFile, 'utf8')) ?? {}) as typeof site
  } catch {
    // A broken site.yaml still belongs to a served hospital: the steps name it by its folder.
  }
  let dominio: string | undefined
  try {
    dominio = typeof site.urlPublica === 'string' ? new URL(site.urlPublica).hostname.toLowerCase() : undefined
  } catch {
    dominio = undefined
  }
  return { nombre: typeof site.nombre === 'string' ? site.nombre : 'el hospital de manifest/', ...(dominio && { dominio }), evidence, dataDir }
}

/** The refusal: what would happen, and the steps that keep the hospital served, each exact. */
export function ownHospitalRefusal(own: OwnHospital, platformFile: string, newId: string): string {
  const base = path.dirname(platformFile)
  const entry = withSiteAdded(undefined, {
    id: OWN_SITE_ID,
    nombre: own.nombre,
    dominios: [own.dominio ?? 'su-dominio.gov.co'],
    carpeta: '.',
  })
  const data = rel(base, own.dataDir)
  return [
    `esta instalación ya sirve a su propio hospital, ${own.nombre} (contenido en manifest/ y public/; ${own.evidence.join(', ')}), y no tiene plataforma.yaml.`,
    `Si se creara la plataforma solo con «${newId}», ese hospital dejaría de atenderse en su dirección («No hay ningún sitio publicado con esta dirección.»). No se cambió nada.`,
    'Primero haga de ese hospital un sitio de la plataforma (guía de operación, sección 18.2):',
    '  1. Detenga el servicio (sudo systemctl stop sitio-hospital).',
    `  2. Escriba ${rel(process.cwd(), platformFile)} con este contenido (el id «${OWN_SITE_ID}» conserva sus radicaciones en PostgreSQL; «carpeta: .» deja su contenido donde está)${own.dominio ? '' : '; cambie su-dominio.gov.co por el dominio del hospital'}:`,
    ...entry
      .trimEnd()
      .split('\n')
      .map(l => `       ${l}`),
    `  3. Con SQLite, mueva todo lo que hay en ${data}/ a ${data}/sitios/${OWN_SITE_ID}/ (radicaciones, adjuntos y la clave de respaldo respaldo.clave).`,
    `  4. Compile y publique ese sitio: npm run build -- --sitio ${OWN_SITE_ID} y npm run publicar -- --sitio ${OWN_SITE_ID}; inicie el servicio y abra el sitio en su dirección.`,
    '  5. Vuelva a ejecutar este comando.',
    'Si el contenido de manifest/ no es de ningún hospital en servicio (solo la muestra), agregue --sin-sitio-actual.',
  ].join('\n')
}
