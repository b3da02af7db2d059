/**
 * Sites as data (docs/decisions/platform.md): `plataforma.yaml` lists the sites (hospitals) one installation serves, each with
 * its id, name, domains and content folder (`sitios/<id>/` by default, holding its own `manifest/` and `public/`).
 * Without the file the installation is the single site it always was (`manifest/` and `public/` at the root), and
 * nothing here is read. Validated like the manifests: schema (schemas/plataforma.schema.json) and Spanish
 * `file:line:col` problems, then what a schema cannot say (ids and domains used twice, missing folders).
 */
import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { projectRoot, schemasDir } from './paths.ts'
import { type Problem, sortProblems } from './problem.ts'
import { relevantErrors, translateAjvError } from './schemaMessages.ts'
import { problemAt, readYaml, type YamlSource } from './yamlSource.ts'

/** Where the platform configuration is: PLATAFORMA (a file), or plataforma.yaml at the project's root. */
export const PLATFORM_FILE_ENV = 'PLATAFORMA'

export function platformFile(): string {
  return path.resolve(process.env[PLATFORM_FILE_ENV] ?? path.join(projectRoot(), 'plataforma.yaml'))
}

export interface PlatformSite {
  id: string
  nombre: string
  dominios: string[]
  /** The site's content folder (absolute): `manifest/` and `public/` inside it. */
  folder: string
  manifestDir: string
  publicDir: string
  /** Where its builds go (absolute): `dist/sitios/<id>/` beside plataforma.yaml. */
  outDir: string
  /**
   * Its publications (absolute): `publicaciones/sitios/<id>/` beside plataforma.yaml, or under PUBLICACIONES_DIR
   * when set. Release folders and the pointer inside, as a single site's `publicaciones/`.
   */
  releasesDir: string
  /**
   * Its data (absolute): `data/sitios/<id>/` beside plataforma.yaml, or under DATA_DIR when set. Its own SQLite
   * file, attachments and backups' state: one hospital's filings never share a file with another's.
   */
  dataDir: string
}

export interface Platform {
  file: string
  sites: PlatformSite[]
}

interface SiteEntry {
  id: string
  nombre: string
  dominios: string[]
  carpeta?: string
}

let validator: ValidateFunction | undefined

function validatePlatform(): ValidateFunction {
  validator ??= new Ajv2020({ allErrors: true, strict: false, verbose: true }).compile(
    JSON.parse(fs.readFileSync(path.join(schemasDir(), 'plataforma.schema.json'), 'utf8')),
  )
  return validator
}

/** The schema's patterns said in words (the generic messages know routes and ids, not domains or folders). */
function schemaProblem(source: YamlSource, error: Parameters<typeof translateAjvError>[0]): Problem {
  const t = translateAjvError(error, source.data)
  const value = t.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), source.data)
  let message = t.message
  if (error.keyword === 'pattern' && t.path.includes('dominios'))
    message = `el dominio «${String(value)}» no es válido: escríbalo en minúsculas, sin https:// ni barra final (ejemplo: www.hospitalsanjuan.gov.co)`
  else if (error.keyword === 'pattern' && t.path[t.path.length - 1] === 'carpeta')
    message = `la carpeta «${String(value)}» no es válida: escríbala relativa a plataforma.yaml, con «/» y sin «..» (ejemplo: sitios/hospital-san-juan)`
  return problemAt(source, t.path, message, 'error', t.atKey)
}

/**
 * Reads and checks the platform configuration. `platform` is undefined when the file does not exist (one site, as
 * always) or has errors (then `problems` says which, in Spanish, at their line and column).
 */
export function loadPlatform(file = platformFile()): { platform?: Platform; problems: Problem[] } {
  if (!fs.existsSync(file)) return { problems: [] }
  const { source, problems } = readYaml(file)
  if (!source) return { problems }
  const validate = validatePlatform()
  if (!validate(source.data)) return { problems: sortProblems(relevantErrors(validate.errors ?? []).map(e => schemaProblem(source, e))) }

  const base = path.dirname(file)
  const entries = (source.data as { sitios: SiteEntry[] }).sitios
  const ids = new Map<string, number>()
  const domains = new Map<string, number>()
  entries.forEach((site, i) => {
    const sameId = ids.get(site.id)
    if (sameId !== undefined)
      problems.push(
        problemAt(source, ['sitios', i, 'id'], `el sitio «${site.id}» ya está en la lista (elemento ${sameId + 1}): cada sitio necesita su propio id`),
      )
    else ids.set(site.id, i)
    site.dominios.forEach((domain, j) => {
      const owner = domains.get(domain)
      if (owner !== undefined && owner !== i)
        problems.push(
          problemAt(source, ['sitios', i, 'dominios', j], `el dominio «${domain}» ya es del sitio «${entries[owner]!.id}»: un dominio sirve a un solo sitio`),
        )
      else domains.set(domain, i)
    })
    const folder = path.resolve(base, site.carpeta ?? path.join('sitios', site.id))
    if (!fs.existsSync(path.join(folder, 'manifest')))
      problems.push(
        problemAt(
          source,
          ['sitios', i, site.carpeta === undefined ? 'id' : 'carpeta'],
          `no existe la carpeta del contenido del sitio «${site.id}»: ${path.relative(base, path.join(folder, 'manifest')).split(path.sep).join('/')}`,
        ),
      )
  })
  if (problems.length > 0) return { problems }
  const sites = entries.map(site => {
    const folder = path.resolve(base, site.carpeta ?? path.join('sitios', site.id))
    return {
      id: site.id,
      nombre: site.nombre,
      dominios: site.dominios,
      folder,
      manifestDir: path.join(folder, 'manifest'),
      publicDir: path.join(folder, 'public'),
      outDir: path.join(base, 'dist', 'sitios', site.id),
      releasesDir: path.join(path.resolve(base, process.env.PUBLICACIONES_DIR || 'publicaciones'), 'sitios', site.id),
      dataDir: path.join(path.resolve(base, process.env.DATA_DIR || 'data'), 'sitios', site.id),
    }
  })
  return { platform: { file, sites }, problems }
}
