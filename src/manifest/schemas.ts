import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import addFormats from 'ajv-formats'
import { compiledCacheDir, setCompiledCacheDir } from './compiledCache.ts'
import { schemasDir } from './paths.ts'

export type ManifestKind = 'site' | 'page' | 'documents' | 'form' | 'lookups' | 'news' | 'ita'

const SCHEMA_FILES = ['common', 'site', 'page', 'documents', 'form', 'lookups', 'news', 'ita'] as const

let validators: Record<ManifestKind, ValidateFunction> | undefined

const SCHEMA_IDS: Record<ManifestKind, string> = {
  site: 'site.schema.json',
  page: 'page.schema.json',
  documents: 'documents.schema.json',
  form: 'form.schema.json',
  lookups: 'lookups.schema.json',
  news: 'news.schema.json',
  ita: 'ita.schema.json',
}

/**
 * Staff commands (npm run validate, npm run build and its pre-render process)
 * keep the compiled validators as Ajv standalone code in `dir`, named by a hash
 * of the schemas: compiling them takes longer than validating the whole site.
 * Elsewhere they are compiled in memory as before. `undefined` means in memory.
 * The same folder keeps the parsed YAML files (see compiledCache.ts).
 */
export function keepCompiledValidatorsIn(dir: string | undefined): void {
  setCompiledCacheDir(dir)
  validators = undefined
}

export function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(schemasDir(), `${name}.schema.json`), 'utf8'))
}

/** One Ajv instance for all manifest schemas (they reference common.schema.json). */
export function manifestValidators(): Record<ManifestKind, ValidateFunction> {
  if (validators) return validators
  const schemas = SCHEMA_FILES.map(readSchema)
  const dir = compiledCacheDir()
  const file = dir && path.join(dir, `manifest-validators-${schemasHash(schemas)}.cjs`)
  if (file && fs.existsSync(file)) {
    try {
      validators = createRequire(import.meta.url)(file) as Record<ManifestKind, ValidateFunction>
      if (Object.keys(SCHEMA_IDS).every(k => typeof validators![k as ManifestKind] === 'function')) return validators
    } catch {
      /* unreadable or from another Ajv: compiled again below */
    }
  }
  const ajv = new Ajv2020({ allErrors: true, discriminator: true, strict: false, verbose: true, code: { source: Boolean(file) } })
  addFormats.default(ajv)
  for (const schema of schemas) ajv.addSchema(schema)
  const get = (id: string) => {
    const fn = ajv.getSchema(id)
    if (!fn) throw new Error(`schema ${id} not found`)
    return fn
  }
  validators = Object.fromEntries(Object.entries(SCHEMA_IDS).map(([kind, id]) => [kind, get(id)])) as Record<ManifestKind, ValidateFunction>
  if (file) {
    try {
      // Written whole, then renamed: a command running at the same time never reads half a file.
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(`${file}.${process.pid}.tmp`, standaloneCode(ajv, SCHEMA_IDS))
      fs.renameSync(`${file}.${process.pid}.tmp`, file)
    } catch {
      /* a read-only folder only costs the next run the compile time */
    }
  }
  return validators
}

function schemasHash(schemas: unknown[]): string {
  const ajvVersion = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version
  return crypto.createHash('sha256').update(ajvVersion).update(JSON.stringify(schemas)).digest('hex').slice(0, 16)
}
