/**
 * `npm run instalar` (scripts/instalar.ts): the guide's sections 1.2–2 and 6 done by one idempotent command, as root
 * (docs/decisions/operations.md, «The installer»). Every path comes from an option; `--raiz <dir>` writes under
 * another root (like DESTDIR: the files name the paths as seen from inside it) and creates no system account, so
 * tests install into a temporary folder without touching the machine.
 */
import { readCommandLine } from '../../src/cli/commandLine.ts'
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface InstallOptions {
  /** The program's folder (a checkout or an unpacked release): where the command runs. */
  programa: string
  usuario: string
  /** The service account's home: its own npm settings and cache, never the program's folder. */
  casa: string
  datos: string
  publicaciones: string
  /** Folder of the environment file (`entorno`), readable by root only. */
  config: string
  /** Folder of systemd units. */
  unidades: string
  /** The Node.js the unit starts. */
  node: string
  /** Empty for the real system; otherwise every written path is under it and no account is created. */
  raiz: string
}

export type Step = { hecho: boolean; texto: string }

const DEFAULTS = {
  usuario: 'sitio-hospital',
  casa: '/var/lib/sitio-hospital',
  config: '/etc/sitio-hospital',
  unidades: '/etc/systemd/system',
}

const PATH_OPTION = { type: 'string' } as const
const OPTIONS = {
  programa: PATH_OPTION,
  usuario: PATH_OPTION,
  casa: PATH_OPTION,
  datos: PATH_OPTION,
  publicaciones: PATH_OPTION,
  config: PATH_OPTION,
  unidades: PATH_OPTION,
  node: PATH_OPTION,
  raiz: PATH_OPTION,
} as const

/** Options from the command line (commandLine.ts); throws a Spanish message on an unknown option or a relative path. */
export function parseInstallArgs(argv: readonly string[], cwd: string, execPath: string): InstallOptions {
  const usage = `Opciones: ${Object.keys(OPTIONS)
    .map(k => `--${k}`)
    .join(', ')} (cada una con una ruta o un nombre).`
  const { values: given, positionals } = readCommandLine(argv, OPTIONS, usage)
  if (positionals.length > 0) throw new Error(`Argumento de más: «${positionals.join(' ')}». ${usage}`)
  for (const [key, value] of Object.entries(given)) if (value === '') throw new Error(`Falta el valor de --${key}. ${usage}`)
  const programa = path.resolve(cwd, given.programa ?? '.')
  const o: InstallOptions = {
    programa,
    usuario: given.usuario ?? DEFAULTS.usuario,
    casa: given.casa ?? DEFAULTS.casa,
    datos: given.datos ?? path.join(programa, 'data'),
    publicaciones: given.publicaciones ?? path.join(programa, 'publicaciones'),
    config: given.config ?? DEFAULTS.config,
    unidades: given.unidades ?? DEFAULTS.unidades,
    node: given.node ?? execPath,
    raiz: given.raiz ? path.resolve(cwd, given.raiz) : '',
  }
  for (const key of ['casa', 'datos', 'publicaciones', 'config', 'unidades', 'node'] as const)
    if (!path.isAbsolute(o[key])) throw new Error(`--${key} debe ser una ruta completa (empieza por /): «${o[key]}».`)
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(o.usuario)) throw new Error(`nombre de usuario no válido: «${o.usuario}».`)
  if (path.resolve(o.casa) === programa)
    throw new Error('la carpeta personal del usuario del servicio no puede ser la del programa (npm dejaría allí su caché y su configuración).')
  return o
}

/** Where a path of the installed system is written (under `--raiz` when given). */
const at = (o: InstallOptions, p: string) => (o.raiz ? path.join(o.raiz, p) : p)

function run(command: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(command, args, { encoding: 'utf8' })
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() }
}

/** The account: created with its own home, or its home moved off the program's folder (older installs). */
function account(o: InstallOptions, steps: Step[]): void {
  if (o.raiz) {
    steps.push({ hecho: false, texto: `cuenta ${o.usuario}: no se crea con --raiz (instalación de prueba)` })
    return
  }
  const entry = run('getent', ['passwd', o.usuario])
  if (!entry.ok) {
    const made = run('useradd', ['--system', '--home-dir', o.casa, '--create-home', '--shell', '/usr/sbin/nologin', '--user-group', o.usuario])
    if (!made.ok) throw new Error(`useradd falló: ${made.out}`)
    steps.push({ hecho: true, texto: `cuenta ${o.usuario} creada, con carpeta personal ${o.casa}` })
    return
  }
  const home = entry.out.split(':')[5]
  if (home !== o.casa) {
    const moved = run('usermod', ['--home', o.casa, o.usuario])
    if (!moved.ok) throw new Error(`usermod falló: ${moved.out}`)
    steps.push({ hecho: true, texto: `cuenta ${o.usuario}: su carpeta personal pasa de ${home} a ${o.casa}` })
  } else steps.push({ hecho: false, texto: `cuenta ${o.usuario}: ya existía` })
}

function folder(o: InstallOptions, p: string, mode: number, owned: boolean, steps: Step[]): void {
  const real = at(o, p)
  const existed = fs.existsSync(real)
  fs.mkdirSync(real, { recursive: true })
  fs.chmodSync(real, mode)
  if (owned && !o.raiz) {
    const r = run('chown', [`${o.usuario}:${o.usuario}`, real])
    if (!r.ok) throw new Error(`chown falló en ${real}: ${r.out}`)
  }
  steps.push({ hecho: !existed, texto: `carpeta ${p} (${mode.toString(8)}${owned ? `, de ${o.usuario}` : ''})${existed ? ': ya existía' : ''}` })
}

/** `NAME=value` set (uncommented or replaced) in an environment file's text. */
function setVariable(text: string, name: string, value: string): string {
  const line = new RegExp(`^#?\\s*${name}=.*$`, 'm')
  return line.test(text) ? text.replace(line, `${name}=${value}`) : `${text.trimEnd()}\n${name}=${value}\n`
}

/** The environment file from the example, with this install's paths and a generated site key; never overwritten. */
function environmentFile(o: InstallOptions, steps: Step[]): string {
  const file = path.join(o.config, 'entorno')
  const real = at(o, file)
  if (fs.existsSync(real)) {
    steps.push({ hecho: false, texto: `${file}: ya existía, no se tocó (sus claves se conservan)` })
    return fs.readFileSync(real, 'utf8')
  }
  let text = fs.readFileSync(path.join(o.programa, 'despliegue', 'entorno.ejemplo'), 'utf8')
  text = text.replaceAll('/etc/sitio-hospital', o.config)
  text = setVariable(text, 'DATA_DIR', o.datos)
  text = setVariable(text, 'PUBLICACIONES_DIR', o.publicaciones)
  text = text.replace(/^# LOG_FILE=.*$/m, `# LOG_FILE=${path.join(o.datos, 'registro', 'sitio.log')}`)
  // The key the server proves its site with on PostgreSQL (store/siteProof.ts); unused with SQLite.
  text = setVariable(text, 'DATABASE_CLAVE_SITIOS', crypto.randomBytes(32).toString('hex'))
  fs.writeFileSync(real, text, { mode: 0o600, flag: 'wx' })
  fs.chmodSync(real, 0o600)
  steps.push({ hecho: true, texto: `${file} creado (600, solo root), con DATABASE_CLAVE_SITIOS generada` })
  return text
}

/**
 * A program installed from a release archive (`actualizar --paquete`): compiled, run by node alone, and kept as
 * `<raíz>/versiones/<versión>` behind the link `<raíz>/actual` (scripts/lib/packageInstall.ts).
 */
export const isCompiledProgram = (programa: string): boolean =>
  fs.existsSync(path.join(programa, 'src', 'server', 'main.js')) && !fs.existsSync(path.join(programa, 'src', 'server', 'main.ts'))

/** The folder the service account must own: the program's, or for an archive installation its whole root (versions, link). */
function ownedProgramFolder(programa: string): string {
  return isCompiledProgram(programa) && fs.lstatSync(programa, { throwIfNoEntry: false })?.isSymbolicLink() ? path.dirname(programa) : programa
}

/** A file of despliegue/ with this install's paths instead of the guide's. */
function withPaths(o: InstallOptions, text: string): string {
  const compiled = isCompiledProgram(o.programa)
  return text
    .replaceAll('/etc/sitio-hospital/', `${o.config}/`)
    .replaceAll('/opt/sitio-hospital/data /opt/sitio-hospital/publicaciones', `${o.datos} ${o.publicaciones}`)
    .replaceAll('/opt/sitio-hospital', o.programa)
    .replace(/^User=.*$/m, `User=${o.usuario}`)
    .replace(/^Group=.*$/m, `Group=${o.usuario}`)
    .replaceAll('runuser -u sitio-hospital -- env HOME="$(getent passwd sitio-hospital | cut -d: -f6)"', `runuser -u ${o.usuario} -- env HOME=${o.casa}`)
    .replace('/usr/bin/node --import tsx src/server/main.ts', compiled ? `${o.node} ./src/server/main.js` : `${o.node} --import tsx src/server/main.ts`)
}

/** Writes `file` when its content differs; says whether it changed. */
function writeIfChanged(o: InstallOptions, file: string, text: string, mode: number, steps: Step[]): void {
  const real = at(o, file)
  const same = fs.existsSync(real) && fs.readFileSync(real, 'utf8') === text
  if (!same) {
    fs.mkdirSync(path.dirname(real), { recursive: true })
    fs.writeFileSync(real, text, { mode })
  }
  fs.chmodSync(real, mode)
  steps.push({ hecho: !same, texto: `${file}${same ? ': ya estaba al día' : ' escrito'}` })
}

/** The variable's value in an environment file's text (the last uncommented line). */
export function variableIn(text: string, name: string): string | undefined {
  const lines = text.split('\n').filter(l => l.startsWith(`${name}=`))
  const value = lines
    .at(-1)
    ?.slice(name.length + 1)
    .trim()
  return value ? value.replace(/^'(.*)'$/, '$1') : undefined
}

export interface InstallResult {
  steps: Step[]
  unit: string
  nextSteps: string[]
}

export function install(o: InstallOptions): InstallResult {
  const steps: Step[] = []
  account(o, steps)
  folder(o, o.casa, 0o700, true, steps)
  folder(o, o.datos, 0o700, true, steps)
  folder(o, o.publicaciones, 0o755, true, steps)
  folder(o, o.config, 0o755, false, steps)
  if (!o.raiz) {
    // The service account updates the checkout (`npm run actualizar`: git, npm ci, or new versions from archives), so
    // it owns the program's folder.
    const owned = ownedProgramFolder(o.programa)
    const r = run('chown', ['-R', `${o.usuario}:${o.usuario}`, owned])
    if (!r.ok) throw new Error(`chown falló en ${owned}: ${r.out}`)
    steps.push({ hecho: false, texto: `carpeta del programa ${owned}: de ${o.usuario}` })
  }
  const env = environmentFile(o, steps)
  const unitName = `${o.usuario}.service`
  const unit = path.join(o.unidades, unitName)
  writeIfChanged(o, unit, withPaths(o, fs.readFileSync(path.join(o.programa, 'despliegue', 'sitio-hospital.service'), 'utf8')), 0o644, steps)
  writeIfChanged(o, path.join(o.config, 'servicio.sh'), withPaths(o, fs.readFileSync(path.join(o.programa, 'despliegue', 'servicio.sh'), 'utf8')), 0o644, steps)
  const nextSteps = [
    `Revise las variables: nano ${path.join(o.config, 'entorno')} (correo, TRUST_PROXY; con PostgreSQL, DATABASE_URL).`,
    `Atajo para los comandos del servicio: echo '. ${path.join(o.config, 'servicio.sh')}' >> ~/.bashrc && . ~/.bashrc`,
  ]
  if (!fs.existsSync(path.join(at(o, o.publicaciones), 'actual.json')))
    // A program from an archive cannot build (no Vite): its site is published by `actualizar --paquete`.
    nextSteps.push(
      isCompiledProgram(o.programa)
        ? 'Publique el sitio del paquete: servicio npm run actualizar -- --paquete <archivo> (sección 7.6 de la guía)'
        : 'Primera publicación del sitio: servicio npm run publicar',
    )
  const databaseUrl = variableIn(env, 'DATABASE_URL')
  if (databaseUrl) {
    if (o.raiz) steps.push({ hecho: false, texto: 'bd:preparar: no se ejecuta con --raiz' })
    else prepareDatabase(o, env, databaseUrl, steps, nextSteps)
  } else steps.push({ hecho: false, texto: 'bd:preparar: no hace falta (sin DATABASE_URL, las radicaciones van a SQLite en la carpeta de datos)' })
  nextSteps.push(
    `Verifique la unidad: systemd-analyze verify ${unit}`,
    `Inicie el servicio: systemctl daemon-reload && systemctl enable --now ${unitName}`,
    'Luego: HTTPS (sección 4 de la guía) y la primera cuenta (sección 5).',
  )
  return { steps, unit: at(o, unit), nextSteps }
}

/** `bd:preparar` with the owner's account (DATABASE_URL_DUENIO, from root's environment), as the service account. */
function prepareDatabase(o: InstallOptions, env: string, databaseUrl: string, steps: Step[], nextSteps: string[]): void {
  const role = decodeURIComponent(new URL(databaseUrl).username)
  if (!process.env.DATABASE_URL_DUENIO) {
    steps.push({ hecho: false, texto: 'bd:preparar: falta DATABASE_URL_DUENIO (la cuenta dueña) en el entorno de este comando' })
    nextSteps.push(`Prepare la base: servicio_duenio npm run -s bd:preparar -- ${role} (sección 12 de la guía)`)
    return
  }
  const vars: NodeJS.ProcessEnv = { ...process.env, DATABASE_CLAVE_SITIOS: variableIn(env, 'DATABASE_CLAVE_SITIOS'), HOME: o.casa }
  const dbSetup = isCompiledProgram(o.programa) ? ['src/server/dbSetup.js'] : ['--import', 'tsx', 'src/server/dbSetup.ts']
  const r = spawnSync('runuser', ['-u', o.usuario, '--', o.node, ...dbSetup, role], {
    cwd: o.programa,
    env: vars,
    stdio: 'inherit',
  })
  if (r.status !== 0) throw new Error('bd:preparar falló (vea los mensajes de arriba); corrija y ejecute de nuevo npm run instalar.')
  steps.push({ hecho: true, texto: `bd:preparar: migraciones aplicadas y permisos dados a ${role}` })
}
