import path from 'node:path'

/**
 * The name `npm run docs:add` gives a file it adds (it renames the file on
 * disk): safe in a URL, lower case, no accents, hyphens instead of spaces
 * (underscores are fine and kept). «ñ» becomes «ni», as in the manifest's own
 * `anio`: dropping the tilde would turn «Año» into «ano». The validator names
 * it in its messages, so staff who copy files by hand read the same name; kept
 * apart from addDocuments.ts so the validator need not import the command.
 */
export function safeFileName(name: string): string {
  const ext = path.extname(name).toLowerCase()
  const base = path
    .basename(name, path.extname(name))
    .normalize('NFC')
    .replace(/ñ/g, 'ni')
    .replace(/Ñ/g, 'NI')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // Underscores too: one separator, the hyphen, as every other name on the site (docs/decisions/documents-and-placeholders.md).
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return (base || 'documento') + ext
}

/** A file name with spaces or letters outside ASCII (accents, «ñ»): what docs:add renames. */
export function needsRenaming(name: string): boolean {
  return /[^\x21-\x7e]/.test(name)
}

/**
 * `/assets/docs/Acta final.pdf` → `/assets/docs/acta-final.pdf`: the link once
 * its file has the name docs:add would give it (a folder named with spaces or
 * accents gets the same treatment; a folder already safe is kept as written).
 */
export function renamedAssetLink(url: string): string {
  return url
    .split('/')
    .map(segment => (needsRenaming(segment) ? safeFileName(segment) : segment))
    .join('/')
}
