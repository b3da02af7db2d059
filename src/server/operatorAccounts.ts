/**
 * The platform operator's accounts and their audit trail (docs/decisions/platform.md, «The operator's page»). An
 * operator runs the platform, not a hospital: the account is no site's, so it lives beside the sites' data, in the
 * service's DATA_DIR (`operadores.json`, readable by the service's account only), never in a site's store, and no
 * hospital's staff account opens the operator's page. Passwords are the office's (Argon2id, the same minimum).
 * Every view of the page, and every refused attempt, is a line of `auditoria-plataforma.jsonl` in the same folder,
 * written before anything is shown.
 */
import fs from 'node:fs'
import path from 'node:path'
import { burnVerification, hashPassword, passwordProblem, verifyPassword } from './features/office/passwords.ts'

export const OPERATORS_FILE = 'operadores.json'
export const OPERATOR_AUDIT_FILE = 'auditoria-plataforma.jsonl'

export interface OperatorAccount {
  correo: string
  nombre: string
  /** The Argon2id hash (passwords.ts). */
  clave: string
  creadaEn: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function readOperators(dataDir: string): OperatorAccount[] {
  const file = path.join(dataDir, OPERATORS_FILE)
  if (!fs.existsSync(file)) return []
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
  if (!Array.isArray(data)) throw new Error(`${file} no es una lista de cuentas de operación.`)
  return data as OperatorAccount[]
}

/** Replaces the file whole (a temporary file renamed): a reader sees the old list or the new one. */
function writeOperators(dataDir: string, accounts: readonly OperatorAccount[]): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = path.join(dataDir, OPERATORS_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 })
  fs.renameSync(tmp, file)
}

/** A new operator account; throws in Spanish (bad e-mail, taken, weak password) and then writes nothing. */
export async function addOperator(dataDir: string, correo: string, nombre: string, password: string, now = new Date()): Promise<void> {
  const email = correo.trim().toLowerCase()
  if (!EMAIL.test(email)) throw new Error(`«${correo}» no es un correo electrónico válido.`)
  const accounts = readOperators(dataDir)
  if (accounts.some(a => a.correo === email)) throw new Error(`Ya existe la cuenta de operación ${email}. No se cambió nada.`)
  const problem = passwordProblem(password, email)
  if (problem) throw new Error(`${problem} No se creó la cuenta.`)
  writeOperators(dataDir, [...accounts, { correo: email, nombre: nombre.trim() || email, clave: await hashPassword(password), creadaEn: now.toISOString() }])
}

/** Removes an operator account; false when there was none. */
export function removeOperator(dataDir: string, correo: string): boolean {
  const email = correo.trim().toLowerCase()
  const accounts = readOperators(dataDir)
  const kept = accounts.filter(a => a.correo !== email)
  if (kept.length === accounts.length) return false
  writeOperators(dataDir, kept)
  return true
}

/** The account these credentials open, or undefined; an unknown e-mail costs the time of a wrong password. */
export async function authenticateOperator(dataDir: string, correo: string, password: string): Promise<OperatorAccount | undefined> {
  const account = readOperators(dataDir).find(a => a.correo === correo.trim().toLowerCase())
  if (!account) {
    await burnVerification(password)
    return undefined
  }
  return (await verifyPassword(account.clave, password)) ? account : undefined
}

export interface OperatorAuditEntry {
  evento: string
  /** The account, or the e-mail typed in a refused attempt. */
  cuenta: string
  direccion: string
  now: Date
}

/** One line of the operator's audit trail, on disk (fsync) before the caller goes on; throws when it cannot be written. */
export function auditOperator(dataDir: string, entry: OperatorAuditEntry): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const line = `${JSON.stringify({ en: entry.now.toISOString(), evento: entry.evento, cuenta: entry.cuenta, direccion: entry.direccion })}\n`
  const fd = fs.openSync(path.join(dataDir, OPERATOR_AUDIT_FILE), 'a', 0o600)
  try {
    fs.writeSync(fd, line)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
