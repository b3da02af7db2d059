/**
 * CSV for spreadsheet programs: UTF-8 with a byte-order mark (so accents
 * survive), every cell quoted with inner quotes doubled, CRLF line ends.
 * A cell starting with = + - @ (or a tab / carriage return) would be run as a
 * formula by Excel or LibreOffice, so it gets a leading apostrophe.
 */
export const BOM = '\uFEFF'

/**
 * The one separator of every staff export (filings, subscriptions, audit trail, request report):
 * Excel with Colombian regional settings uses the comma as decimal sign and «;» as list separator,
 * so a «;» file in UTF-8 with BOM opens in columns with accents intact (docs/decisions/export.md).
 */
export const STAFF_CSV_SEPARATOR = ';'

const FORMULA_START = /^[=+\-@\t\r]/

/** NUL and bidirectional controls never reach a spreadsheet (rows stored before docs/decisions/documents-and-placeholders.md may hold them). */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export function csvCell(value: unknown): string {
  let text = (value === undefined || value === null ? '' : String(value)).replace(UNSAFE_CHARS, '')
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export function toCsv(header: string[], rows: unknown[][], separator = ','): string {
  const lines = [header, ...rows].map(r => r.map(csvCell).join(separator))
  return BOM + lines.join('\r\n') + '\r\n'
}
