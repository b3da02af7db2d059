/**
 * Generates src/manifest/types.generated.ts from schemas/*.schema.json.
 * `npm run gen:types` writes it; tests call generateTypes() to detect drift.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const TYPES_FILE = path.join(root, 'src/manifest/types.generated.ts')

const KINDS = ['site', 'page', 'documents', 'form', 'lookups', 'news', 'ita'] as const

/**
 * The schemas without the `title` of each property: those titles are the browser editor's Spanish field
 * labels (docs/decisions/build.md), and json-schema-to-typescript would turn every titled node into a named type.
 * Titles elsewhere (a file's root, a list's items) still name their types.
 */
function withoutPropertyTitles(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPropertyTitles)
  if (!node || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(
        Object.entries(v).map(([pk, pv]) => {
          const inner = withoutPropertyTitles(pv)
          if (inner && typeof inner === 'object' && !Array.isArray(inner) && typeof (inner as Record<string, unknown>).title === 'string') {
            const { title: _label, ...rest } = inner as Record<string, unknown>
            return [pk, rest]
          }
          return [pk, inner]
        }),
      )
    } else out[k] = withoutPropertyTitles(v)
  }
  return out
}

export async function generateTypes(): Promise<string> {
  const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esquemas-'))
  for (const f of fs.readdirSync(path.join(root, 'schemas'))) {
    if (!f.endsWith('.schema.json')) continue
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'schemas', f), 'utf8'))
    fs.writeFileSync(path.join(schemasDir, f), JSON.stringify(withoutPropertyTitles(schema)))
  }
  const wrapper = {
    title: 'ManifestTypes',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(KINDS.map(k => [k, { $ref: `${k}.schema.json` }])),
  }
  const ts = await compile(wrapper as never, 'ManifestTypes', {
    cwd: schemasDir,
    bannerComment: '/* Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit by hand. */',
    additionalProperties: false,
    unreachableDefinitions: false,
    style: { singleQuote: true, semi: false, printWidth: 120 },
  }).finally(() => fs.rmSync(schemasDir, { recursive: true, force: true }))
  return ts
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const ts = await generateTypes()
  fs.writeFileSync(TYPES_FILE, ts)
  console.log(`escrito ${path.relative(root, TYPES_FILE)}`)
}
