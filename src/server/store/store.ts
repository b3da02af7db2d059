/**
 * The store behind an interface. Every caller (routes, export, tests) works
 * with `FilingStore`; which database keeps the data is chosen once, in
 * `open.ts`: the embedded SQLite file by default, PostgreSQL when
 * DATABASE_URL is set.
 *
 * The interface is meant to grow: the office inbox and citizen tracking add
 * their methods here (filing states and history, answers, staff accounts,
 * sessions, audit log) and implement them in each engine, with the interface
 * test suite (tests/api/store.test.ts) run against both.
 *
 * Guarantees every implementation keeps:
 * - a promise that resolves with a number resolves only once the filing is
 *   durably committed (an acknowledged filing survives a crash);
 * - a number is handed out once, never reused, even after a crash or by
 *   several server processes sharing one database;
 * - the year of a number is the Colombian calendar year of receipt and the
 *   sequence restarts at 1 each year per series;
 * - a filing is stored whole with its attachments, or not at all.
 */

import type { ReportGroup } from '../../filings/requestReport.ts'
import type { AuditEntry, OfficeStore, TramiteRow } from './office.ts'
import type { SharedStateStore } from './shared.ts'

export type { ReportGroup }

/** Kind of filing as stored in `radicaciones.tipo`, e.g. `pqrs`. */
export type FilingKind = string

/**
 * Filing number (radicado): `<SERIE>-<AAAA>-<NNNNNN>`, e.g. `PQRS-2025-000042`.
 * The series names the channel, the year is the Colombian calendar year of
 * receipt and the sequence restarts at 1 each year per series. It is padded
 * to six digits (and simply grows past 999999).
 */
export function formatRadicado(serie: string, year: number, n: number): string {
  return `${serie}-${year}-${String(n).padStart(6, '0')}`
}

export interface AttachmentRecord {
  campo: string
  /** File name inside DATA_DIR/adjuntos (random, e.g. `<uuid>.pdf`). */
  archivo: string
  nombreOriginal: string
  tipo: string
  tamano: number
  sha256: string
}

/**
 * Proof of the data-treatment authorization (Ley 1581 de 2012, art. 9;
 * Decreto 1377 de 2013, art. 8): the privacy notice's version and the time.
 */
export interface ConsentRecord {
  /** `avisoPrivacidad.version` of site.yaml when the person authorized, e.g. `2026-11`. */
  version: string
  /** ISO instant of the authorization. */
  en: string
}

/**
 * How a filing arrived (docs/decisions/store.md): `web` for the site's forms, or the
 * channel the office registered it from (src/filings/channels.ts).
 */
export interface ChannelRecord {
  canal: string
  /** The staff account that registered it; absent for the site's forms. */
  registradaPor?: { id: number; nombre: string }
  /** Colombian day (YYYY-MM-DD) the entity received it, when staff set one earlier than the registration. */
  recibidaEl?: string
}

export interface FilingRow extends ChannelRecord {
  radicado: string
  kind: FilingKind
  recibidoEn: string
  datos: Record<string, unknown>
  adjuntos: AttachmentRecord[]
  /** Absent for filings stored before the form carried the notice. */
  autorizacion?: ConsentRecord
  /** The explicit sensitive-data authorization (forms with `sensible: true` fields; Decreto 1377 de 2013, art. 6). */
  autorizacionSensibles?: ConsentRecord
}

export interface NewFiling {
  kind: FilingKind
  datos: Record<string, unknown>
  attachments?: AttachmentRecord[]
  /** Time of receipt (default: now); decides the year of the number. */
  now?: Date
  /** State and deadlines fixed at receipt (the office's due date), stored in the same commit. */
  tramite?: Omit<TramiteRow, 'radicado'>
  /** SHA-256 of the verification code on the citizen's receipt (the code itself is never stored). */
  codigoHash?: string
  /** The data-treatment authorization given with the filing, stored in the same commit. */
  autorizacion?: ConsentRecord
  /** The explicit sensitive-data authorization given with it (forms with sensitive fields), stored in the same commit. */
  autorizacionSensibles?: ConsentRecord
  /** Channel of a petition the office registers (default `web`). */
  canal?: string
  /** Account id of the staff member who registered it. */
  registradaPor?: number
  /** Colombian day the entity received it, when earlier than `now` (the term counts from it). */
  recibidaEl?: string
  /** Audit entry written in the filing's own commit, its `radicado` filled in (a registration by staff is audited or not stored). */
  audit?: Omit<AuditEntry, 'radicado'>
}

export interface SubscriptionRow {
  radicado: string
  correo: string
  recibidoEn: string
  autorizacion?: ConsentRecord
}

export interface SubscribeResult {
  id: string
  /** False when the address was already registered: the first registration's id is returned. */
  nuevo: boolean
}

export interface ListOptions {
  /** ISO instant: only rows received at or after it. */
  since?: string
}

/** What the published report of requests asks of the store (docs/decisions/store.md). */
export interface ReportQuery {
  /** ISO instants: filings received at or after `desde` and before `hasta`. */
  desde: string
  hasta: string
  /** Per kind, the field of `datos` holding the request type (the form's `terminos.campoTipo`), e.g. `pqrs` → `tipoSolicitud`. */
  typeFields: Readonly<Record<FilingKind, string>>
}

export interface StoreCounts {
  radicaciones: number
  adjuntos: number
  suscripciones: number
}

/** Which series each kind of filing is numbered in, and the newsletter's. */
export interface NumberingPlan {
  /** kind → series, e.g. `pqrs` → `PQRS`. A kind not listed is refused. */
  series: Readonly<Record<FilingKind, string>>
  /** Series of newsletter subscriptions, e.g. `SUS`; without it `subscribe` is refused. */
  subscriptionSeries?: string
}

/** A filing of a kind the numbering plan does not know (a programming or configuration error). */
export class UnknownKindError extends Error {
  constructor(readonly kind: string) {
    super(`Tipo de radicación desconocido: «${kind}».`)
  }
}

/** Filings and newsletter subscriptions: the citizens' part of the store (filingRecords.ts). */
/** The reading methods of FilingRecordsStore: the export, the backup's file list, the counts and the published report. */
export type FilingQuery = 'listFilings' | 'listSubscriptions' | 'attachmentFiles' | 'counts' | 'reportGroups' | 'publishedReport' | 'publishReport'

export interface FilingRecordsStore {
  /**
   * Stores a validated filing with its attachments and resolves with its
   * number once the commit is durable. Filings arriving together may share
   * one commit (group commit); one that cannot be stored fails alone.
   */
  createFiling(filing: NewFiling): Promise<string>

  /**
   * A repeated address (any letter case) is not stored again and answers the
   * first registration's id; the first registration's authorization is kept.
   */
  subscribe(correo: string, now?: Date, autorizacion?: ConsentRecord): Promise<SubscribeResult>

  /** Whether a filing exists whose verification code has this hash (a filing without a code never matches). */
  codeMatches(radicado: string, codigoHash: string): Promise<boolean>

  /** Whether a filing or subscription number was issued and stored. */
  hasRadicado(radicado: string): Promise<boolean>

  /** Filings of one kind in the order they were numbered, with their attachments. */
  listFilings(kind: FilingKind, options?: ListOptions): Promise<FilingRow[]>

  listSubscriptions(options?: ListOptions): Promise<SubscriptionRow[]>

  /** Names of every file a stored filing references: citizens' attachments and the office's answer PDFs. */
  attachmentFiles(): Promise<Set<string>>

  counts(): Promise<StoreCounts>

  /**
   * The published report of requests (Decreto 103 de 2015, art. 52): one group per filing, with its number and
   * what the report counts (type, channel, days, outcome), never its data.
   */
  reportGroups(query: ReportQuery): Promise<ReportGroup[]>

  /** The frozen copy of a closed period's report (`2026-T3`, `2026`), if one was published (features/report/figures.ts). */
  publishedReport(periodo: string): Promise<string | undefined>

  /** Freezes a closed period's report: stored only when the period has none yet; answers the copy kept (the first one). */
  publishReport(periodo: string, contenido: string, now?: Date): Promise<string>
}

/**
 * The whole store: its three parts put together (open.ts composeStore), each written once for both engines.
 * Callers (routes, export, tests) depend on this interface only.
 */
/**
 * The bytes of kept uploads in the database (PostgreSQL: every node of a platform serves any node's file;
 * fileContents.ts). On SQLite nothing is stored and nothing found: the file in DATA_DIR/adjuntos is the only copy.
 */
export interface FileContentStore {
  saveFileContent(archivo: string, contenido: Buffer): Promise<void>
  /** The bytes, or undefined when the database holds none (SQLite; a file kept before the contents were stored). */
  fileContent(archivo: string): Promise<Buffer | undefined>
  /** Removes the bytes of an upload whose filing or answer was not committed. */
  dropFileContent(archivo: string): Promise<void>
}

export interface FilingStore extends FilingRecordsStore, OfficeStore, SharedStateStore, FileContentStore {
  /** `sqlite` or `postgresql`, for logs. */
  readonly engine: string

  /**
   * Fails (throws) when a filing could not be written now: the database is unreachable, read-only or
   * locked by another process. Writes nothing (for /salud/detalle).
   */
  checkWritable(): Promise<void>

  /** The durability settings in force and the schema versions applied (engine-specific; for the store's tests). */
  durability(): Promise<Record<string, unknown>>

  /** Waits for queued filings, then releases the database. */
  close(): Promise<void>
}
