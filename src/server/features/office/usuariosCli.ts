import { passwordProblem, hashPassword } from './passwords.ts'
import { readCommandLine } from '../../../cli/commandLine.ts'
import { checkTotp, newTotpSecret, totpQr, totpUri } from './totp.ts'
import { DuplicateAccountError, ROLES, type OfficeStore, type StaffRole } from '../../store/office.ts'

/**
 * `npm run -s usuarios -- crear <correo> --nombre "<nombre>" --rol siau|admin [--formularios pqrsd,cita]`,
 * `lista`, `desactivar <correo>`, `activar <correo>`, `clave <correo>`.
 * Passwords come from standard input, never from the arguments (which other
 * users of the machine can read in the process list and which shells keep in
 * their history). The command logic is here; `scripts`-level wiring in
 * src/server/usuarios.ts opens the store and reads stdin.
 */
export const USAGE = `Uso:
  npm run -s usuarios -- crear <correo> --nombre "<nombre>" --rol siau|admin [--formularios pqrsd,cita,historia-clinica]
  npm run -s usuarios -- lista
  npm run -s usuarios -- desactivar <correo>
  npm run -s usuarios -- activar <correo>
  npm run -s usuarios -- clave <correo>
  npm run -s usuarios -- 2fa <correo> [--quitar]
La contraseña se lee de la entrada estándar (escríbala y pulse Enter, o envíela por una tubería).`

export class UsageError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface Parsed {
  command: string
  correo?: string
  nombre?: string
  rol?: string
  formularios?: string[]
  quitar?: boolean
}

const ACCOUNT_OPTIONS = {
  nombre: { type: 'string' },
  rol: { type: 'string' },
  formularios: { type: 'string' },
  quitar: { type: 'boolean' },
} as const

export function parseAccountsArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv
  if (!command || !['crear', 'lista', 'desactivar', 'activar', 'clave', '2fa'].includes(command)) throw new UsageError(USAGE)
  // A password on the command line would stay in the shell's history and be seen by `ps`.
  if (rest.some(a => /^--(clave|password)(=|$)/.test(a)))
    throw new UsageError('La contraseña no se acepta como argumento: escríbala cuando se le pida o envíela por la entrada estándar.')
  let line: ReturnType<typeof readCommandLine<typeof ACCOUNT_OPTIONS>>
  try {
    line = readCommandLine(rest, ACCOUNT_OPTIONS, `\n${USAGE}`)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = line
  if (positionals.length > 1) throw new UsageError(`Argumento de más: «${positionals.slice(1).join(' ')}».\n${USAGE}`)
  const out: Parsed = { command }
  if (positionals[0] !== undefined) out.correo = positionals[0].trim().toLowerCase()
  if (values.nombre !== undefined) out.nombre = values.nombre
  if (values.rol !== undefined) out.rol = values.rol
  if (values.formularios !== undefined)
    out.formularios = values.formularios
      .split(',')
      .map(s => s.trim())
      .filter(Boolean)
  if (values.quitar) out.quitar = true
  if (command !== 'lista' && (!out.correo || !EMAIL.test(out.correo))) throw new UsageError(`Indique un correo electrónico válido.\n${USAGE}`)
  return out
}

export interface CliIo {
  /** The password (or the first authenticator code) typed or piped in. */
  readPassword(prompt: string): Promise<string>
  out(line: string): void
}

/** What the command knows about the site it runs for. */
export interface AccountsSite {
  /** The filing forms an account may be limited to. */
  formIds: readonly string[]
  /** The hospital's name (site.yaml `nombre`): the issuer the authenticator app shows. */
  siteName: string
}

type Account = NonNullable<Awaited<ReturnType<OfficeStore['findAccountByEmail']>>>

/** The audit row of a change made from the console. */
const consoleAudit = (evento: string, cuentaId: number, detalle: string) => ({ evento, cuentaId, detalle: `${detalle} (consola)` })

/** Runs one command; throws UsageError (or another Error) with a Spanish message. */
export async function runAccountsCommand(argv: string[], store: OfficeStore, io: CliIo, site: AccountsSite): Promise<void> {
  const p = parseAccountsArgs(argv)
  if (p.command === 'lista') return listAccounts(store, io)
  if (p.command === 'crear') return createAccount(p, store, io, site.formIds)
  const account = await store.findAccountByEmail(p.correo!)
  if (!account) throw new UsageError(`No existe una cuenta con el correo ${p.correo}.`)
  if (p.command === 'desactivar') {
    await store.updateAccount(account.id, { activa: false }, consoleAudit('cuenta_desactivada', account.id, 'desactivada'))
    io.out(`Cuenta desactivada: ${account.correo}. Sus sesiones abiertas se cerraron.`)
  } else if (p.command === '2fa') await setSecondFactor(account, !p.quitar, store, io, site.siteName)
  else if (p.command === 'activar') {
    await store.updateAccount(account.id, { activa: true }, consoleAudit('cuenta_activada', account.id, 'activada'))
    io.out(`Cuenta activada: ${account.correo}.`)
  } else {
    const clave = await io.readPassword('Contraseña nueva: ')
    const problem = passwordProblem(clave, account.correo)
    if (problem) throw new UsageError(problem)
    await store.updateAccount(account.id, { clave: await hashPassword(clave) }, consoleAudit('clave_cambiada', account.id, 'contraseña cambiada'))
    io.out(`Contraseña cambiada: ${account.correo}. Sus sesiones abiertas se cerraron.`)
  }
}

/** `lista`: one tab-separated line per account. */
async function listAccounts(store: OfficeStore, io: CliIo): Promise<void> {
  const rows = await store.listAccounts()
  if (rows.length === 0) io.out('No hay cuentas.')
  for (const a of rows) io.out([a.correo, a.nombre, a.rol, a.formularios?.join(',') ?? 'todos', a.activa ? 'activa' : 'inactiva'].join('\t'))
}

/** `crear`: checks the options and the password before anything is stored. */
async function createAccount(p: Parsed, store: OfficeStore, io: CliIo, formIds: readonly string[]): Promise<void> {
  if (!p.nombre?.trim()) throw new UsageError(`Falta --nombre "<nombre>".\n${USAGE}`)
  if (!p.rol || !(ROLES as readonly string[]).includes(p.rol)) throw new UsageError(`--rol debe ser ${ROLES.join(' o ')}.`)
  const unknown = (p.formularios ?? []).filter(f => !formIds.includes(f))
  if (unknown.length) throw new UsageError(`Formulario desconocido: ${unknown.join(', ')}. Use: ${formIds.join(', ')}.`)
  if (p.formularios && p.formularios.length === 0) throw new UsageError('--formularios necesita al menos un formulario.')
  if (await store.findAccountByEmail(p.correo!)) throw new UsageError(`Ya existe una cuenta con el correo ${p.correo}.`)
  const clave = await io.readPassword('Contraseña nueva: ')
  const problem = passwordProblem(clave, p.correo!)
  if (problem) throw new UsageError(problem)
  try {
    const a = await store.createAccount({
      correo: p.correo!,
      nombre: p.nombre.trim(),
      rol: p.rol as StaffRole,
      formularios: p.formularios,
      clave: await hashPassword(clave),
    })
    await store.audit(consoleAudit('cuenta_creada', a.id, `rol ${a.rol}; formularios ${a.formularios?.join(',') ?? 'todos'}`))
    io.out(`Cuenta creada: ${a.correo} (${a.rol}).`)
  } catch (e) {
    if (e instanceof DuplicateAccountError) throw new UsageError(e.message)
    throw e
  }
}

/**
 * `2fa`: a new authenticator secret, shown once (QR code, key and otpauth
 * address), switched on only after the person types a first code the app made
 * from it: a secret never confirmed would lock the account out (see
 * docs/decisions/security.md, «Second factor enrolment»). `--quitar` removes it.
 */
async function setSecondFactor(account: Account, on: boolean, store: OfficeStore, io: CliIo, siteName: string): Promise<void> {
  if (!on) {
    await store.updateAccount(account.id, { totp: null }, consoleAudit('2fa_quitado', account.id, 'segundo factor quitado'))
    io.out(`Segundo factor quitado: ${account.correo}.`)
    return
  }
  const secret = newTotpSecret()
  const uri = totpUri(secret, account.correo, siteName)
  io.out(`Verificación en dos pasos para ${account.correo}. Escanee este código QR con su aplicación autenticadora`)
  io.out('(Google Authenticator, Microsoft Authenticator, FreeOTP…):')
  io.out(await totpQr(uri))
  io.out(`o escriba en ella la clave ${secret}`)
  io.out(`o use esta dirección: ${uri}`)
  const confirmed = await checkTotp(secret, await io.readPassword('Código de 6 dígitos que muestra ahora la aplicación: '))
  if (confirmed === undefined)
    throw new UsageError(
      `El código no coincide: el segundo factor NO se activó y la cuenta ${account.correo} ingresa como antes. Vuelva a ejecutar el comando y escriba el código que muestra la aplicación (revise que la hora del teléfono sea la correcta).`,
    )
  await store.updateAccount(account.id, { totp: secret }, consoleAudit('2fa_activado', account.id, 'segundo factor activado'))
  io.out(`Segundo factor activado para ${account.correo}.`)
  io.out('Desde ahora el ingreso pide el código de 6 dígitos de la aplicación. Sus sesiones abiertas se cerraron.')
}
