/**
 * CSV for spreadsheet programs: UTF-8 with a byte-order mark (so accents
 * survive), every cell quoted with inner quotes doubled, CRLF line ends.
 * A cell starting with = + - @ (or a tab / carriage return) would be run as a
 * formula by Excel or LibreOffice, so it gets a leading apostrophe.
 */
export const BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export function toCsv(header: string[], rows: unknown[][], separator = ','): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(separator))
  return BOM + lines.join('\r\n') + '\r\n'
}
