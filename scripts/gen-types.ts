/**
 * Generates src/manifest/types.generated.ts from schemas/*.schema.json.
 * `npm run gen:types` writes it; tests call generateTypes() to detect drift.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const TYPES_FILE = path.join(root, 'src/manifest/types.generated.ts')

const KINDS = ['site', 'page', 'documents', 'form', 'lookups', 'news'] as const

export async function generateTypes(): Promise<string> {
  const schemasDir = path.join(root, 'schemas')
  const wrapper = {
    title: 'ManifestTypes',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(KINDS.map((k) => [k, { $ref: `${k}.schema.json` }])),
  }
  const ts = await compile(wrapper as never, 'ManifestTypes', {
    cwd: schemasDir,
    bannerComment: '/* Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit by hand. */',
    additionalProperties: false,
    unreachableDefinitions: false,
    style: { singleQuote: true, semi: false, printWidth: 120 },
  })
  return ts
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const ts = await generateTypes()
  fs.writeFileSync(TYPES_FILE, ts)
  console.log(`escrito ${path.relative(root, TYPES_FILE)}`)
}
