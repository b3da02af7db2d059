/**
 * `npm run sitio -- crear <id> --nombre "E.S.E. …" --municipio … --departamento … --dominio … --admin <correo>`
 * (docs/decisions/platform.md): a new hospital on the platform. (`npm run sitio -- lista`, the operator's overview of
 * every site, is src/server/siteListCommand.ts.) Creates `sitios/<id>/` from the template
 * (scripts/lib/siteTemplate.ts) with the hospital's name and place written in, checks it, creates its first
 * administrator account as that site's (`npm run usuarios -- crear … --sitio <id>` against the new configuration: in
 * the site's own data folder on SQLite, a row of that site in the shared database with DATABASE_URL; the password is
 * typed, or read from standard input, as there), adds the site to plataforma.yaml (comments kept),
 * builds it and prints what the hospital must still supply (scripts/lib/sampleChecklist.ts).
 * Nothing is left half-made: an id, domain or folder already in use is refused before anything is written, and a
 * failure before the site is added to plataforma.yaml removes what this command had written.
 * Plain Node (no shell): runs the same on the staff's Windows PCs.
 */
import { readCommandLine } from '../src/cli/commandLine.ts'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { loadPlatform, platformFile, type PlatformSite } from '../src/manifest/platform.ts'
import { formatProblem } from '../src/manifest/problem.ts'
import type { IdentityColors } from '../src/manifest/siteIdentity.ts'
import { OPERATOR_USAGE, runOperatorCommand } from '../src/server/operatorCommand.ts'
import { rootRefusal } from '../src/server/serviceAccount.ts'
import { readPassword } from '../src/server/usuarios.ts'
import { runSiteList, SITE_LIST_USAGE } from '../src/server/siteListCommand.ts'
import { siteRowCounts, withSiteClient } from '../src/server/store/siteRows.ts'
import { withSiteAdded } from './lib/platformFileEdit.ts'
import { ownHospitalRefusal, servedOwnHospital } from './lib/ownHospital.ts'
import { formatChecklist, sampleChecklist } from './lib/sampleChecklist.ts'
import { copyTemplate, identityColorsProblem, shortName, templateProblem } from './lib/siteTemplate.ts'

const USAGE = `${SITE_LIST_USAGE}
${OPERATOR_USAGE.replace(/^Uso:\n/, '')}
  npm run sitio -- crear <id> --nombre "E.S.E. Hospital …" --municipio <municipio> --departamento <departamento>
                    --dominio <dominio> [--dominio <otro dominio>] --admin <correo> [--admin-nombre "<nombre>"]
                    [--nombre-corto "<nombre>"] [--color-primario "#rrggbb"] [--color-fondo-claro "#rrggbb"]
                    [--plantilla <carpeta con manifest/ y public/>] [--sin-compilar] [--sin-sitio-actual]
Sin plataforma.yaml, si la instalación ya sirve a su propio hospital (manifest/ y public/), el comando se niega y
dice cómo hacer de ese hospital un sitio de la plataforma primero; --sin-sitio-actual declara que manifest/ no es
de ningún hospital en servicio.
Los colores institucionales deben contrastar al menos 4,5:1 (WCAG 2.1 AA): el primario con el texto blanco que lleva
encima, el fondo claro con el primario; se pueden cambiar después en «identidad» de manifest/site.yaml, como el logo.
La contraseña de la primera cuenta de administración se escribe cuando se pide (o se envía por la entrada estándar),
como en npm run usuarios.`

export interface CreateArgs {
  id: string
  nombre: string
  nombreCorto: string
  municipio: string
  departamento: string
  dominios: string[]
  admin: string
  adminNombre: string
  plantilla: string
  compilar: boolean
  /** The operator states that the root's manifest/ serves no hospital (scripts/lib/ownHospital.ts). */
  sinSitioActual: boolean
  /** The hospital's colours, when given (`identidad.colores` of its site.yaml). */
  colores?: IdentityColors
}

class UsageError extends Error {}

const schema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'schemas', 'plataforma.schema.json'), 'utf8')) as {
  properties: { sitios: { items: { properties: { id: { pattern: string }; dominios: { items: { pattern: string } } } } } }
}
const site = schema.properties.sitios.items.properties
const ID = new RegExp(site.id.pattern)
const DOMAIN = new RegExp(site.dominios.items.pattern)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** `sitio crear`'s options: each value-taking one once, `--dominio` as often as the site has domains. */
const TEXT = { type: 'string', multiple: true } as const
const CREATE_OPTIONS = {
  nombre: TEXT,
  'nombre-corto': TEXT,
  municipio: TEXT,
  departamento: TEXT,
  dominio: TEXT,
  admin: TEXT,
  'admin-nombre': TEXT,
  plantilla: TEXT,
  'color-primario': TEXT,
  'color-fondo-claro': TEXT,
  'sin-compilar': { type: 'boolean' },
  'sin-sitio-actual': { type: 'boolean' },
} as const

/** The hospital's colours from the command line, refused (as the validator would) when they fail WCAG AA. */
function colorsOf(primario: string | undefined, fondoClaro: string | undefined): IdentityColors | undefined {
  if (fondoClaro && !primario) throw new UsageError('--color-fondo-claro necesita --color-primario (los enlaces de ese color van sobre el fondo claro).')
  if (!primario) return undefined
  const colores = { primario, ...(fondoClaro && { fondoClaro }) }
  const problem = identityColorsProblem(colores)
  if (problem) throw new UsageError(problem)
  return colores
}

export function parseCreateArgs(argv: string[]): CreateArgs {
  const [command, id, ...rest] = argv
  if (command !== 'crear' || !id || id.startsWith('--')) throw new UsageError(USAGE)
  let line: ReturnType<typeof readCommandLine<typeof CREATE_OPTIONS>>
  try {
    line = readCommandLine(rest, CREATE_OPTIONS, `\n${USAGE}`)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (line.positionals.length > 0) throw new UsageError(`Argumento de más: «${line.positionals.join(' ')}».\n${USAGE}`)
  const values: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(line.values)) if (Array.isArray(value)) values[`--${key}`] = value.map(v => v.trim())
  const compilar = line.values['sin-compilar'] !== true
  const sinSitioActual = line.values['sin-sitio-actual'] === true
  const one = (flag: string, required = true): string | undefined => {
    const v = values[flag]
    if (v && v.length > 1) throw new UsageError(`${flag} se indica una sola vez.`)
    if (required && !v?.[0]) throw new UsageError(`Falta ${flag}.\n${USAGE}`)
    return v?.[0]
  }
  if (!ID.test(id)) throw new UsageError(`El id «${id}» no es válido: use minúsculas, números y guiones (ejemplo: hospital-san-juan).`)
  const dominios = (values['--dominio'] ?? []).map(d => d.toLowerCase())
  if (dominios.length === 0) throw new UsageError(`Falta --dominio.\n${USAGE}`)
  for (const d of dominios)
    if (!DOMAIN.test(d)) throw new UsageError(`El dominio «${d}» no es válido: escríbalo sin https:// ni barra final (ejemplo: www.hospitalsanjuan.gov.co).`)
  const nombre = one('--nombre')!
  const admin = one('--admin')!.toLowerCase()
  if (!EMAIL.test(admin)) throw new UsageError(`--admin debe ser un correo electrónico válido (recibido «${admin}»).`)
  const colores = colorsOf(one('--color-primario', false), one('--color-fondo-claro', false))
  return {
    id,
    nombre,
    nombreCorto: one('--nombre-corto', false) ?? shortName(nombre),
    municipio: one('--municipio')!,
    departamento: one('--departamento')!,
    dominios,
    admin,
    adminNombre: one('--admin-nombre', false) ?? `Administración de ${shortName(nombre)}`,
    plantilla: path.resolve(one('--plantilla', false) ?? path.join(import.meta.dirname, '..')),
    compilar,
    sinSitioActual,
    ...(colores && { colores }),
  }
}

/** Why the site cannot be created on this platform (id, domain or folder taken), or undefined. */
function conflict(args: CreateArgs, file: string): string | undefined {
  const { platform, problems } = loadPlatform(file)
  if (problems.length > 0) return `${problems.map(formatProblem).join('\n')}\nCorrija primero ${path.basename(file)}: no se creó el sitio «${args.id}».`
  const taken = platform?.sites.find(s => s.id === args.id)
  if (taken) return `ya existe un sitio con el id «${args.id}» (${taken.nombre}) en ${file}: elija otro id. No se cambió nada.`
  for (const d of args.dominios) {
    const owner = platform?.sites.find(s => s.dominios.includes(d))
    if (owner) return `el dominio «${d}» ya es del sitio «${owner.id}» (${owner.nombre}): un dominio sirve a un solo sitio. No se cambió nada.`
  }
  const folder = path.join(path.dirname(file), 'sitios', args.id)
  if (fs.existsSync(folder)) return `ya existe la carpeta ${folder} (de un sitio anterior o a medio crear): bórrela o elija otro id. No se cambió nada.`
  return undefined
}

/** Runs a project script in a child process (plain Node with tsx: no shell), output shown as it comes. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): number | null {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', script), ...args], {
    env,
    stdio: 'inherit',
    windowsHide: true,
  })
  return r.status
}

/** The site's first account, made by `npm run usuarios` as that site's (its folders, its rows: siteOption.ts) under the draft configuration. */
function createAdmin(args: CreateArgs, chosen: PlatformSite, draft: string): boolean {
  const where = process.env.DATABASE_URL ? 'la base de datos PostgreSQL de DATABASE_URL' : chosen.dataDir
  console.log(`\nPrimera cuenta de administración: ${args.admin}, del sitio «${args.id}» en ${where}.`)
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: draft }
  const account = ['crear', args.admin, '--nombre', args.adminNombre, '--rol', 'admin', '--sitio', args.id]
  return runScript('src/server/usuarios.ts', account, env) === 0
}

/** On PostgreSQL, why the site cannot be created: the shared database already holds rows of that id (or cannot be reached). */
async function databaseConflict(args: CreateArgs): Promise<string | undefined> {
  const url = process.env.DATABASE_URL
  if (!url) return undefined
  try {
    const counts = await withSiteClient(url, args.id, siteRowCounts)
    const held = Object.entries(counts).filter(([, n]) => n > 0)
    if (held.length === 0) return undefined
    return `la base de datos de DATABASE_URL ya tiene datos del sitio «${args.id}» (${held.map(([t, n]) => `${t}: ${n}`).join(', ')}), de un sitio anterior con ese id: elija otro id o restaure ese sitio. No se cambió nada.`
  } catch (error) {
    return `no se pudo consultar la base de datos de DATABASE_URL: ${(error as Error).message}. No se cambió nada.`
  }
}

function fail(message: string, code = 1): never {
  console.error(`✗ ${message}`)
  process.exit(code)
}

async function create(args: CreateArgs): Promise<void> {
  const file = platformFile()
  const why = conflict(args, file) ?? templateProblem(args.plantilla)
  if (why) fail(why, 2)
  const own = args.sinSitioActual ? undefined : servedOwnHospital(file)
  if (own) fail(ownHospitalRefusal(own, file, args.id), 2)
  const inDatabase = await databaseConflict(args)
  if (inDatabase) fail(inDatabase, 2)
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined
  const folder = path.join(path.dirname(file), 'sitios', args.id)
  // The new configuration is checked (and gives the site's folders) before it replaces the old one.
  const draft = `${file}.${process.pid}.nuevo`
  let chosen: PlatformSite | undefined
  let dataDirMade = false
  const undo = () => {
    fs.rmSync(folder, { recursive: true, force: true })
    fs.rmSync(draft, { force: true })
    if (dataDirMade && chosen) fs.rmSync(chosen.dataDir, { recursive: true, force: true })
  }
  try {
    console.log(`Creando el sitio «${args.id}» (${args.nombre}) en ${path.relative(process.cwd(), folder) || folder} desde la plantilla ${args.plantilla}…`)
    copyTemplate(args.plantilla, folder, { ...args, dominio: args.dominios[0]! })
    fs.writeFileSync(draft, withSiteAdded(current, { id: args.id, nombre: args.nombre, dominios: args.dominios }))
    const { platform, problems } = loadPlatform(draft)
    chosen = platform?.sites.find(s => s.id === args.id)
    if (!chosen) throw new Error(problems.map(formatProblem).join('\n') || 'la configuración nueva no tiene el sitio')
    if (fs.existsSync(chosen.dataDir) && fs.readdirSync(chosen.dataDir).length > 0)
      throw new Error(`la carpeta de datos ${chosen.dataDir} ya tiene archivos (de un sitio anterior): muévala o bórrela antes de crear este sitio.`)
    console.log('Validando el contenido del sitio nuevo…')
    const validEnv = { ...process.env, MANIFEST_DIR: chosen.manifestDir, PUBLIC_DIR: chosen.publicDir }
    if (runScript('scripts/validate.ts', [], validEnv) !== 0) throw new Error('el contenido de la plantilla tiene errores (vea los mensajes de arriba).')
    dataDirMade = !fs.existsSync(chosen.dataDir)
    if (!createAdmin(args, chosen, draft)) throw new Error('no se pudo crear la cuenta de administración (vea el mensaje de arriba).')
    fs.renameSync(draft, file)
  } catch (error) {
    undo()
    fail(`${(error as Error).message}\nNo se creó el sitio «${args.id}»: no quedó nada de él; ${path.basename(file)} sigue igual.`)
  }
  console.log(`✓ Sitio «${args.id}» agregado a ${file}.`)
  finish(args, file, folder)
}

/** Builds the new site (unless --sin-compilar) and says what the hospital must supply and what comes next. */
function finish(args: CreateArgs, file: string, folder: string): void {
  let built = true
  if (args.compilar) {
    console.log(`\nCompilando el sitio (npm run build -- --sitio ${args.id})…`)
    built = runScript('scripts/build.ts', ['--sitio', args.id], { ...process.env, PLATAFORMA: file }) === 0
    if (!built)
      console.error(`✗ La compilación falló (vea los mensajes de arriba). El sitio quedó creado: corrija y ejecute npm run build -- --sitio ${args.id}.`)
  }
  const prefix = path.relative(process.cwd(), folder).split(path.sep).join('/') || '.'
  console.log('')
  for (const line of formatChecklist(sampleChecklist(folder), prefix)) console.log(line)
  console.log(
    [
      '',
      'Siguientes pasos:',
      `  1. Con el hospital, reemplace lo de la lista anterior y ejecute npm run build -- --sitio ${args.id}.`,
      `  2. Publique: npm run publicar -- --sitio ${args.id}`,
      `  3. La oficina (/oficina) del sitio: ingrese con ${args.admin} y la contraseña que escribió; cree las demás cuentas allí.`,
    ].join('\n'),
  )
  if (!built) process.exit(1)
}

const argv = process.argv.slice(2)
const asRoot = rootRefusal(path.resolve(process.env.DATA_DIR || './data'), `npm run sitio -- ${argv.join(' ')}`)
if (asRoot) fail(asRoot, 2)
if (argv[0] === 'lista') process.exitCode = await runSiteList(argv.slice(1))
else if (argv[0] === 'operador')
  await runOperatorCommand(argv.slice(1), { readPassword, out: line => console.log(line) }).catch((error: Error) => fail(error.message, 2))
else
  try {
    await create(parseCreateArgs(argv))
  } catch (error) {
    if (error instanceof UsageError) fail(error.message, 2)
    throw error
  }
