/**
 * Help inside the editor: VS Code's YAML extension (and the browser editor) show each
 * property's `description` while staff type, and offer its `examples`/`enum` as completions.
 * Every property of every schema must therefore carry Spanish help, and every example must
 * be a value the validator accepts (a wrong example would teach a mistake).
 */
import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'

const SCHEMAS_DIR = path.resolve('schemas')
type Node = Record<string, unknown>

function loadSchemas(): Map<string, Node> {
  const out = new Map<string, Node>()
  for (const f of fs.readdirSync(SCHEMAS_DIR).filter(n => n.endsWith('.schema.json'))) {
    out.set(f, JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, f), 'utf8')))
  }
  return out
}

interface PropertyAt {
  file: string
  pointer: string
  schema: Node
}

/** Every entry of every `properties` object, anywhere in every schema (including $defs and nested items). */
function allProperties(schemas: Map<string, Node>): PropertyAt[] {
  const out: PropertyAt[] = []
  const walk = (file: string, node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) walk(file, n, `${pointer}/${i}`)
      return
    }
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const [name, schema] of Object.entries(value as Node)) {
          const at = `${pointer}/properties/${name}`
          out.push({ file, pointer: at, schema: schema as Node })
          walk(file, schema, at)
        }
      } else walk(file, value, `${pointer}/${key}`)
    }
  }
  for (const [file, schema] of schemas) walk(file, schema, '')
  return out
}

/** Every `description` anywhere (root, $defs, section variants, properties). */
function allDescriptions(schemas: Map<string, Node>): { where: string; text: unknown }[] {
  const out: { where: string; text: unknown }[] = []
  const walk = (file: string, node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) walk(file, n, `${pointer}/${i}`)
      return
    }
    for (const [key, value] of Object.entries(node as Node)) {
      // A property literally named "description" (carousel slides) is a schema, not a text.
      if (key === 'description' && !pointer.endsWith('/properties')) out.push({ where: `${file}#${pointer}`, text: value })
      else walk(file, value, `${pointer}/${key}`)
    }
  }
  for (const [file, schema] of schemas) walk(file, schema, '')
  return out
}

/** Resolves `$ref` chains (local or to another schema file) to the schema that has a type. */
function resolve(schemas: Map<string, Node>, file: string, schema: Node): Node {
  let current = schema
  let currentFile = file
  for (let i = 0; i < 10 && typeof current.$ref === 'string' && current.type === undefined; i++) {
    const [refFile, fragment = ''] = (current.$ref as string).split('#')
    if (refFile) currentFile = refFile
    const root = schemas.get(currentFile)
    if (!root) throw new Error(`$ref a un esquema inexistente: ${current.$ref}`)
    current = fragment
      .split('/')
      .filter(Boolean)
      .reduce<Node>((n, k) => n[k] as Node, root)
  }
  return current
}

// Whole words by Unicode letters: `\b` is ASCII-only, so «anónima» read as the English «an» followed by «ónima».
const ENGLISH = /(?<!\p{L})(the|of|and|when|with|which|this|that|is|are|be|shown|used|only|from|each|every|without|must|its|it|an)(?!\p{L})/iu
const SPANISH = /(?<!\p{L})(el|la|los|las|de|del|un|una|que|en|para|con|por|y|o|al|se|su|sus)(?!\p{L})/iu

function spanishProblem(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.trim().length < 8) return 'sin descripción'
  const english = ENGLISH.exec(text)
  if (english) return `parece inglés («${english[0]}»)`
  if (!SPANISH.test(text)) return 'no parece español'
  return undefined
}

const schemas = loadSchemas()
const properties = allProperties(schemas)

describe('help inside the editor: schema descriptions, examples and enums', () => {
  it('finds the properties of every schema file (the walk itself works)', () => {
    expect(schemas.size).toBeGreaterThanOrEqual(7)
    expect(properties.length).toBeGreaterThan(150)
    expect(properties.some(p => p.file === 'documents.schema.json' && p.pointer === '/$defs/fila/properties/archivo')).toBe(true)
  })

  it('every property has a Spanish description (what it is, with an example)', () => {
    const missing = properties
      .map(p => ({ at: `${p.file}#${p.pointer}`, problem: spanishProblem(p.schema.description) }))
      .filter(p => p.problem)
      .map(p => `${p.at}: ${p.problem}`)
    expect(missing, 'Agregue a cada propiedad una "description" en español con un ejemplo').toEqual([])
  })

  it('every scalar property offers completions: examples, enum or const', () => {
    const missing = properties
      .filter(p => {
        const target = resolve(schemas, p.file, p.schema)
        const types = ([] as unknown[]).concat(target.type ?? (target.const !== undefined ? 'const' : 'object'))
        const scalar = types.some(t => ['string', 'number', 'integer', 'boolean', 'const'].includes(t as string))
        const offers = [p.schema, target].some(s => Array.isArray(s.examples) || Array.isArray(s.enum) || s.const !== undefined)
        return scalar && !offers
      })
      .map(p => `${p.file}#${p.pointer}`)
    expect(missing, 'Agregue "examples" (o "enum") a estas propiedades').toEqual([])
  })

  it('every example is a value the validator accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true })
    addFormats.default(ajv)
    for (const schema of schemas.values()) ajv.addSchema(schema)
    const wrong: string[] = []
    for (const p of properties) {
      if (!Array.isArray(p.schema.examples)) continue
      const validate = ajv.getSchema(`${p.file}#${p.pointer}`)
      if (!validate) throw new Error(`no se pudo compilar ${p.file}#${p.pointer}`)
      for (const example of p.schema.examples) {
        if (!validate(example)) wrong.push(`${p.file}#${p.pointer}: ${JSON.stringify(example)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('every other description (schema, definitions, section types) is in Spanish too', () => {
    const bad = allDescriptions(schemas)
      .map(d => ({ ...d, problem: spanishProblem(d.text) }))
      .filter(d => d.problem)
      .map(d => `${d.where}: ${d.problem}`)
    expect(bad).toEqual([])
  })

  it('the language check tells Spanish help from English or missing help', () => {
    expect(spanishProblem('Ruta de la página en el sitio. Ejemplo: /hospital/junta.')).toBeUndefined()
    expect(spanishProblem('Id of a side menu in manifest/site.yaml.')).toMatch(/inglés/)
    expect(spanishProblem(undefined)).toBe('sin descripción')
  })
})
