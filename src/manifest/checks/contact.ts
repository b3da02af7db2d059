/**
 * Checks of the placeholders and of contact data typed twice: an unknown
 * placeholder is an error; a phone number of site.yaml typed out in a page or
 * a news item is a warning (it would go stale when the number changes).
 */
import { isScalar, Scalar } from 'yaml'
import type { Manifest, Sourced } from '../load.ts'
import { CONTACT_KINDS, contactIds, nationalDigits, PLACEHOLDER, YEARS_PLACEHOLDER, type ContactKind } from '../placeholders.ts'
import type { Problem } from '../problem.ts'
import { documentSectionsOf } from '../resolve.ts'
import { closest } from '../schemaMessages.ts'
import { positionOf, problemAt, type JsonPath, type YamlSource } from '../yamlSource.ts'
import type { CrossCheck } from './context.ts'

interface FoundString {
  path: JsonPath
  value: string
}

function* strings(value: unknown, p: JsonPath): Generator<FoundString> {
  if (typeof value === 'string') yield { path: p, value }
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], [...p, i])
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, [...p, k])
}

/** Position of `needle` inside the string at `path`: exact for block scalars (| or >), else the value's start. */
export function problemInString(source: YamlSource, p: JsonPath, value: string, index: number, message: string, level: Problem['level'] = 'error'): Problem {
  const base = problemAt(source, p, message, level)
  const node = source.doc.getIn(p, true)
  const lineInText = value.slice(0, index).split('\n').length - 1
  const needle = value.slice(index).split('\n')[0]!.slice(0, 12)
  if (isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)) {
    const lineNo = positionOf(source, p).line + 1 + lineInText
    const col = (source.text.split('\n')[lineNo - 1] ?? '').indexOf(needle) + 1
    return { ...base, line: lineNo, col: col > 0 ? col : base.col }
  }
  if (isScalar(node) && lineInText === 0 && node.range) {
    // Plain or quoted on one line: find the text on the value's line.
    const lineText = source.text.split('\n')[base.line - 1] ?? ''
    const col = lineText.indexOf(needle, base.col - 1) + 1
    if (col > 0) return { ...base, col }
  }
  return base
}

function placeholderProblems(m: Manifest, item: Sourced<unknown>, isPage: boolean): Problem[] {
  const site = m.site?.data
  const out: Problem[] = []
  const raw = item.source.data
  const hasDocuments = isPage && documentSectionsOf(raw).length > 0
  for (const s of strings(raw, [])) {
    if (!s.value.includes('((')) continue
    if (s.path[0] === 'contacto') continue
    for (const match of s.value.matchAll(PLACEHOLDER)) {
      const [, kind, id] = match
      const at = (msg: string) => out.push(problemInString(item.source, s.path, s.value, match.index!, msg))
      if (kind === YEARS_PLACEHOLDER && id === undefined) {
        if (!hasDocuments) at(`«((${YEARS_PLACEHOLDER}))» solo funciona en una página con una sección «documentos»: son los años de sus documentos`)
        continue
      }
      if (!(kind! in CONTACT_KINDS)) {
        const valid = [...Object.keys(CONTACT_KINDS).map(k => `${k}.…`), ...(isPage ? [YEARS_PLACEHOLDER] : [])]
        const guess = closest(kind!, Object.keys(CONTACT_KINDS).concat(YEARS_PLACEHOLDER))
        at(`«${match[0]}» no es un dato conocido${guess ? ` (¿quiso decir «${guess}»?)` : ''}; use ${valid.map(v => `((${v}))`).join(', ')}`)
        continue
      }
      const ids = contactIds(site, kind as ContactKind)
      if (!id || !ids.includes(id)) {
        const section = CONTACT_KINDS[kind as ContactKind]
        const guess = id ? closest(id, ids) : undefined
        at(
          `«${match[0]}»: no existe «${id ?? ''}» en «contacto.${section}» de manifest/site.yaml` +
            (guess ? ` (¿quiso decir «((${kind}.${guess}))»?)` : ids.length ? ` (existen: ${ids.join(', ')})` : ''),
        )
      }
    }
  }
  return out
}

/** Runs of digits that look like a phone number (7 or more digits, with spaces, dots, dashes or parentheses). */
const PHONE_LIKE = /\+?\(?\d[\d ().-]{5,}\d/g

function typedPhones(m: Manifest, item: Sourced<unknown>): Problem[] {
  const phones = new Map<string, string>()
  for (const [id, t] of Object.entries(m.site?.data.contacto?.telefonos ?? {})) phones.set(nationalDigits(t.numero), id)
  if (phones.size === 0) return []
  const out: Problem[] = []
  // A number and its tel: link on one line are one finding.
  const reported = new Set<string>()
  for (const s of strings(item.source.data, [])) {
    for (const match of s.value.matchAll(PHONE_LIKE)) {
      const id = phones.get(nationalDigits(match[0]))
      if (!id) continue
      const problem = problemInString(
        item.source,
        s.path,
        s.value,
        match.index!,
        `el teléfono «${match[0].trim()}» está escrito a mano: escriba ((telefono.${id})) para que se actualice desde manifest/site.yaml`,
        'aviso',
      )
      if (reported.has(`${problem.line}|${id}`)) continue
      reported.add(`${problem.line}|${id}`)
      out.push(problem)
    }
  }
  return out
}

/** The footer lists phones and e-mails by their id in `contacto`. */
function footerIds(m: Manifest): Problem[] {
  const site = m.site
  if (!site) return []
  const out: Problem[] = []
  const check = (list: string[], kind: ContactKind, key: string) =>
    list.forEach((id, i) => {
      const ids = contactIds(site.data, kind)
      if (!ids.includes(id)) {
        const guess = closest(id, ids)
        out.push(
          problemAt(
            site.source,
            ['pie', key, i],
            `«${id}» no existe en «contacto.${CONTACT_KINDS[kind]}»${guess ? ` (¿quiso decir «${guess}»?)` : ids.length ? ` (existen: ${ids.join(', ')})` : ''}`,
          ),
        )
      }
    })
  check(site.data.pie.telefonos, 'telefono', 'telefonos')
  check(site.data.pie.correos, 'correo', 'correos')
  return out
}

/** Checks of contact data (`contacto` in site.yaml) and of the placeholders that cite it. */
export const contactChecks: CrossCheck[] = [
  { name: 'footer-contact-id', run: ({ manifest }) => footerIds(manifest) },
  {
    name: 'unknown-placeholder',
    run: ({ manifest }) => [
      ...(manifest.site ? placeholderProblems(manifest, manifest.site, false) : []),
      ...manifest.pages.flatMap(p => placeholderProblems(manifest, p, true)),
      ...manifest.news.flatMap(n => placeholderProblems(manifest, n, false)),
    ],
  },
  { name: 'phone-typed-out', run: ({ manifest }) => [...manifest.pages, ...manifest.news].flatMap(item => typedPhones(manifest, item)) },
]
