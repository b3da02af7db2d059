/**
 * Reads the table data of a PostgreSQL backup as DATA, never as SQL (docs/decisions/backups.md, «Rows as data»).
 * `pg_restore --data-only --file=…` writes the dump's rows as COPY blocks; that text is never given to `psql`
 * (a crafted row holding a line `\.` would end its block there, and the lines after it would run as SQL). It is
 * parsed here, strictly: outside the blocks only pg_restore's own header lines are accepted (comments, `SET`, the
 * search_path reset, `\restrict`); each block must be `COPY <schema>.<table> (<columns>) FROM stdin;` of an expected
 * table, and each of its lines exactly one value per column. Anything else refuses the whole backup. The values are
 * decoded from COPY's text format and handed to the database as query parameters.
 */
import fs from 'node:fs'
import path from 'node:path'
import { runPgTool } from './snapshot.ts'

export class CopyTextError extends Error {}

export interface CopyBlock {
  table: string
  columns: string[]
  /** One array per row, one value per column (null for `\N`). */
  rows: Array<Array<string | null>>
}

const HEADER_LINE = [
  /^$/,
  /^--( .*)?$/,
  /^SET [a-z_]+ = [A-Za-z0-9_'.\- ]*;$/,
  /^SELECT pg_catalog\.set_config\('search_path', '', false\);$/,
  // pg_restore 17.6+ fences its output against exactly this attack; the fence lines themselves are harmless.
  /^\\(un)?restrict [A-Za-z0-9]+$/,
]

const IDENT = '(?:[a-z_][a-z0-9_]*|"(?:[^"]|"")+")'
const COPY_HEAD = new RegExp(`^COPY (${IDENT})\\.(${IDENT}) \\(((?:${IDENT})(?:, ${IDENT})*)\\) FROM stdin;$`)

const unquote = (ident: string) => (ident.startsWith('"') ? ident.slice(1, -1).replace(/""/g, '"') : ident)

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' }

/** One field of COPY's text format, decoded (`\N` is null; backslash escapes as PostgreSQL's COPY reads them). */
export function decodeCopyField(field: string): string | null {
  if (field === '\\N') return null
  if (!field.includes('\\')) return field
  let out = ''
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!
    if (c !== '\\') {
      out += c
      continue
    }
    const next = field[++i]
    if (next === undefined) throw new CopyTextError('un valor termina en una barra invertida')
    const octal = /^[0-7]{1,3}/.exec(field.slice(i))
    const hex = next === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(field.slice(i + 1)) : null
    if (octal) {
      out += String.fromCharCode(Number.parseInt(octal[0], 8))
      i += octal[0].length - 1
    } else if (hex) {
      out += String.fromCharCode(Number.parseInt(hex[0], 16))
      i += hex[0].length
    } else out += ESCAPES[next] ?? next
  }
  return out
}

/**
 * The COPY blocks of pg_restore's data-only script. `tables` maps each accepted table to its columns: a block of
 * another table, an unknown column, a row of the wrong width, or any other line refuses the script. A table mapped to
 * null takes any columns, and an undefined schema any schema (the verification, which has no database to compare with).
 */
export function parseCopyScript(text: string, schema: string | undefined, tables: ReadonlyMap<string, readonly string[] | null>): CopyBlock[] {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const blocks: CopyBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const head = COPY_HEAD.exec(line)
    if (!head) {
      if (!HEADER_LINE.some(r => r.test(line))) throw new CopyTextError(`la línea ${i + 1} de los datos no es un dato (${line.slice(0, 60)})`)
      continue
    }
    const table = unquote(head[2]!)
    const known = tables.get(table)
    if ((schema !== undefined && unquote(head[1]!) !== schema) || known === undefined)
      throw new CopyTextError(`el respaldo tiene datos de una tabla que no se esperaba (${table})`)
    const columns = head[3]!.split(', ').map(unquote)
    const unknown = known && columns.find(c => !known.includes(c))
    if (unknown) throw new CopyTextError(`la tabla ${table} del respaldo tiene una columna que esta base de datos no tiene (${unknown})`)
    const block: CopyBlock = { table, columns, rows: [] }
    for (i++; ; i++) {
      const row = lines[i]
      if (row === undefined) throw new CopyTextError(`los datos de la tabla ${table} no terminan`)
      if (row === '\\.') break
      const fields = row.split('\t')
      if (fields.length !== columns.length) throw new CopyTextError(`una fila de la tabla ${table} no tiene ${columns.length} valores`)
      block.rows.push(fields.map(decodeCopyField))
    }
    blocks.push(block)
  }
  return blocks
}

/**
 * The dump's table data of the accepted tables, read as data: the table of contents (`pg_restore --list`) is cut to
 * their TABLE DATA entries only (no schema, function, trigger or any other entry of the dump is ever restored from
 * it), pg_restore writes those as text into `workDir`, and the text is parsed by `parseCopyScript`.
 */
export async function readDumpRows(
  dumpFile: string,
  schema: string | undefined,
  tables: ReadonlyMap<string, readonly string[] | null>,
  workDir: string,
  password?: string,
): Promise<CopyBlock[]> {
  const listFile = path.join(workDir, 'contenido.lista')
  await runPgTool('pg_restore', ['--list', `--file=${listFile}`, dumpFile], password)
  const wanted = fs
    .readFileSync(listFile, 'utf8')
    .split('\n')
    .filter(line => {
      const entry = /^\d+; \d+ \d+ TABLE DATA (\S+) (\S+) /.exec(line)
      return !!entry && (schema === undefined || entry[1] === schema) && tables.has(entry[2]!)
    })
  fs.writeFileSync(listFile, `${wanted.join('\n')}\n`)
  const dataFile = path.join(workDir, 'datos.sql')
  await runPgTool('pg_restore', ['--data-only', '--no-owner', '--no-privileges', `--use-list=${listFile}`, `--file=${dataFile}`, dumpFile], password)
  try {
    return parseCopyScript(fs.readFileSync(dataFile, 'utf8'), schema, tables)
  } finally {
    fs.rmSync(dataFile, { force: true })
  }
}

/** The kinds of table-of-contents entries this program's schema has: a whole restore accepts no other. */
const SCHEMA_ENTRIES = [
  'TABLE DATA',
  'TABLE',
  'SEQUENCE OWNED BY',
  'SEQUENCE SET',
  'SEQUENCE',
  'DEFAULT',
  'FK CONSTRAINT',
  'CONSTRAINT',
  'INDEX',
  'TRIGGER',
  'FUNCTION',
  'POLICY',
  'ROW SECURITY',
  'COMMENT',
  'SCHEMA',
  'ACL',
]

/**
 * A whole restore's table of contents, cut to the entries it expects: written to `listFile` for `pg_restore
 * --use-list`. An entry of any other kind (an extension, an event trigger, a view, a foreign server…) refuses the
 * backup: this program's schema has none.
 */
export async function expectedEntries(dumpFile: string, listFile: string, password?: string): Promise<void> {
  await runPgTool('pg_restore', ['--list', `--file=${listFile}`, dumpFile], password)
  const entries = fs
    .readFileSync(listFile, 'utf8')
    .split('\n')
    .filter(line => line.trim() !== '' && !line.startsWith(';'))
  for (const line of entries) {
    const rest = line.replace(/^\d+; \d+ \d+ /, '')
    if (rest === line || !SCHEMA_ENTRIES.some(kind => rest.startsWith(`${kind} `)))
      throw new CopyTextError(`el respaldo contiene un objeto que este programa no crea (${rest.split(' ').slice(0, 3).join(' ')})`)
  }
  fs.writeFileSync(listFile, `${entries.join('\n')}\n`)
}
