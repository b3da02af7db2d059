/** The spreadsheet-safe CSV lives in the bottom layer (src/manifest/csv.ts) so the build's open-data copies use it too. */
export { BOM, csvCell, toCsv } from '../manifest/csv.ts'
