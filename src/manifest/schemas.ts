import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { schemasDir } from './paths.ts'

export type ManifestKind = 'site' | 'page' | 'documents' | 'form' | 'lookups' | 'news'

const SCHEMA_FILES = ['common', 'site', 'page', 'documents', 'form', 'lookups', 'news'] as const

let validators: Record<ManifestKind, ValidateFunction> | undefined

export function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(schemasDir(), `${name}.schema.json`), 'utf8'))
}

/** One Ajv instance for all manifest schemas (they reference common.schema.json). */
export function manifestValidators(): Record<ManifestKind, ValidateFunction> {
  if (validators) return validators
  const ajv = new Ajv2020({ allErrors: true, discriminator: true, strict: false, verbose: true })
  addFormats.default(ajv)
  for (const name of SCHEMA_FILES) ajv.addSchema(readSchema(name))
  const get = (id: string) => {
    const fn = ajv.getSchema(id)
    if (!fn) throw new Error(`schema ${id} not found`)
    return fn
  }
  validators = {
    site: get('site.schema.json'),
    page: get('page.schema.json'),
    documents: get('documents.schema.json'),
    form: get('form.schema.json'),
    lookups: get('lookups.schema.json'),
    news: get('news.schema.json'),
  }
  return validators
}
