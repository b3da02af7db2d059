import type { Estado } from '../../filings/states.ts'

/** A stored filing as the office reads it. */
export interface OfficeFilingRow {
  radicado: string
  /** Kind stored in radicaciones.tipo, e.g. `pqrs`. */
  kind: string
  recibidoEn: string
  datos: Record<string, unknown>
  adjuntos: Array<{ campo: string; archivo: string; nombreOriginal: string; tipo: string; tamano: number; sha256: string }>
  /** The data-treatment authorization stored with the filing, if any (store.ts ConsentRecord). */
  autorizacion?: { version: string; en: string }
  /** The explicit sensitive-data authorization, if the form asked it (Decreto 1377 de 2013, art. 6). */
  autorizacionSensibles?: { version: string; en: string }
  /** How it arrived: `web`, or the channel the office registered it from (docs/decisions/store.md), with who and the day of receipt. */
  canal?: string
  registradaPor?: { id: number; nombre: string }
  recibidaEl?: string
}

/**
 * The office's part of the store: staff accounts, sessions, the state,
 * deadlines and history of each filing, and the audit trail. Every engine
 * implements it (see store.ts); the interface suite runs against each.
 *
 * Guarantees: an action, its history row and its audit row are committed
 * together or not at all, and durably before the promise resolves; history
 * and audit rows are never changed or deleted (the database refuses it).
 */

export const ROLES = ['siau', 'admin'] as const
export type StaffRole = (typeof ROLES)[number]

export interface AccountRow {
  id: number
  /** Lower case. */
  correo: string
  nombre: string
  rol: StaffRole
  /** Form ids the account may see; undefined = every form. */
  formularios?: string[]
  /** Argon2id encoded hash. */
  clave: string
  activa: boolean
  creadaEn: string
  /** Base32 TOTP secret when the account enrolled a second factor. */
  totp?: string
}

export interface NewAccount {
  correo: string
  nombre: string
  rol: StaffRole
  formularios?: string[]
  clave: string
  now?: Date
}

export interface AccountChanges {
  nombre?: string
  rol?: StaffRole
  /** null = every form. */
  formularios?: string[] | null
  clave?: string
  activa?: boolean
  /** A new TOTP secret, or null to remove the second factor. */
  totp?: string | null
}

export class DuplicateAccountError extends Error {
  constructor(correo: string) {
    super(`Ya existe una cuenta con el correo ${correo}.`)
  }
}

export interface NewSession {
  /** SHA-256 of the cookie's token: a copy of the database does not give working sessions. */
  tokenHash: string
  cuentaId: number
  recordar: boolean
  /** Absolute end. */
  expiraEn: Date
  /** Idle timeout in ms. */
  inactividadMs: number
  now?: Date
}

export interface SessionWithAccount {
  tokenHash: string
  cuentaId: number
  recordar: boolean
  expiraEn: string
  account: AccountRow
}

/** Deadlines and state of a filing, fixed when it is received (the term in force then applies). */
export interface TramiteRow {
  radicado: string
  estado: Estado
  diasHabiles: number
  vence: string
  venceOriginal: string
  venceMaximo: string
  venceTraslado: string
  ampliada: boolean
  /** ISO instant of the answer (or forward) that ended the term. */
  respondidaEn?: string
  cerradaEn?: string
}

export interface HistoryRow {
  id: number
  radicado: string
  accion: string
  estadoAnterior?: string
  estadoNuevo: string
  cuentaId?: number
  cuentaNombre?: string
  en: string
  texto?: string
  entidad?: string
  nuevaFecha?: string
  /** An answer PDF, under DATA_DIR/adjuntos. */
  archivo?: string
  archivoNombre?: string
  archivoTamano?: number
  archivoSha256?: string
  /** A forward made after the art. 21 term. */
  tardio?: boolean
  /** An answer that denies what was asked (counted as «negada» in the published report, Decreto 103 de 2015, art. 52). */
  negada?: boolean
}

export type NewHistory = Omit<HistoryRow, 'id' | 'cuentaNombre'>

export interface AuditEntry {
  /** E.g. `acceso`, `acceso_fallido`, `salida`, `ver`, `descargar`, `accion`, `cuenta_creada`. */
  evento: string
  cuentaId?: number
  /** The e-mail typed, for a failed sign-in (staff, not citizens). */
  correo?: string
  radicado?: string
  /** A short note without citizens' personal data (action name, file kind…). */
  detalle?: string
  direccion?: string
  now?: Date
}

export interface AuditRow extends Omit<AuditEntry, 'now'> {
  id: number
  en: string
  cuentaCorreo?: string
}

export interface ActionRecord {
  /** The state the action was checked against: the write is refused if it changed meanwhile. */
  expected: { estado: Estado; ampliada: boolean; existed: boolean }
  tramite: TramiteRow
  history: NewHistory
  audit: AuditEntry
}

/** The filing changed between reading and acting (another member of staff acted first). */
export class StaleActionError extends Error {
  constructor() {
    super('La radicación cambió mientras tanto. Recargue la página para ver su estado actual.')
  }
}

/** The methods of OfficeStore about staff accounts, their sessions and their second factor. */
export type AccountMethod =
  | 'createAccount'
  | 'findAccountByEmail'
  | 'listAccounts'
  | 'updateAccount'
  | 'createSession'
  | 'useSession'
  | 'revokeSession'
  | 'claimTotpStep'

export interface OfficeStore {
  /** One filing with its attachments, whatever its kind. */
  findFiling(radicado: string): Promise<OfficeFilingRow | undefined>
  createAccount(account: NewAccount): Promise<AccountRow>
  findAccountByEmail(correo: string): Promise<AccountRow | undefined>
  listAccounts(): Promise<AccountRow[]>
  /** Changing the password or deactivating revokes every session of the account. */
  updateAccount(id: number, changes: AccountChanges, audit: AuditEntry): Promise<void>

  createSession(session: NewSession): Promise<void>
  /** The live session of a token hash, its last use moved to now; undefined when unknown, revoked, idle too long, past its end, or its account inactive. */
  useSession(tokenHash: string, now?: Date): Promise<SessionWithAccount | undefined>
  revokeSession(tokenHash: string, now?: Date): Promise<void>
  /**
   * Spends the account's second-factor code of this time step: true the first
   * time, false when a code of this step or a later one was already accepted
   * (RFC 6238 §5.2: a code is accepted once). Atomic across processes.
   */
  claimTotpStep(cuentaId: number, timeStep: number): Promise<boolean>

  /** Filing state and deadlines, if recorded (filings stored before the office existed have none until their first action). */
  getTramite(radicado: string): Promise<TramiteRow | undefined>
  /** Every recorded state, for the inbox. */
  listTramites(): Promise<TramiteRow[]>
  saveTramite(tramite: TramiteRow): Promise<void>
  history(radicado: string): Promise<HistoryRow[]>
  /** The action's new state, its history row and its audit row, in one durable transaction. */
  recordAction(record: ActionRecord): Promise<void>
  /**
   * A history row that does not change the state (the outcome of an e-mail to
   * the citizen, docs/decisions/store.md), with its audit row, in one durable transaction.
   */
  noteHistory(history: NewHistory, audit: AuditEntry): Promise<void>

  audit(entry: AuditEntry): Promise<void>
  listAudit(options?: { since?: string; limit?: number }): Promise<AuditRow[]>
}
