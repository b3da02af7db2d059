/**
 * The template of a new hospital's site (docs/decisions/platform.md): by default the project's own sample content
 * (`manifest/` and `public/` at the root: the full Anexo 2 transparency tree with its «No aplica» slots, the four
 * filing forms, the policies, the privacy notice, sample pages, documents and news marked `muestra: true`), the same
 * files every test and the single-site build check, so the template cannot drift from the schemas. `--plantilla`
 * names another folder with the same two subfolders (a network of hospitals may keep its own).
 * The copy gets the new hospital's name, municipality, department and address; everything else stays sample content,
 * listed afterwards from its `muestra: true` marks (scripts/lib/sampleChecklist.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { isMap, parseDocument, Scalar, YAMLMap } from 'yaml'
import { AA_NORMAL_TEXT, colorPairs, formatRatio, type IdentityColors } from '../../src/manifest/siteIdentity.ts'

export interface SiteIdentity {
  nombre: string
  nombreCorto: string
  municipio: string
  departamento: string
  /** The site's first domain: its public address becomes https://<dominio>. */
  dominio: string
  /** The hospital's colours (`--color-primario`, `--color-fondo-claro`), already checked by `identityColorsProblem`. */
  colores?: IdentityColors
}

/** Where the sample logo goes: the hospital replaces the file (the checklist lists it) or points `url` elsewhere. */
export const SAMPLE_LOGO = '/assets/identidad/logo-hospital.svg'

/** A neutral stand-in: a grey badge that says it is a sample, so nobody mistakes it for the hospital's logo. */
const SAMPLE_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Logo de muestra">
  <rect x="1" y="1" width="62" height="62" rx="10" fill="#ffffff" stroke="#5f6368" stroke-width="2" stroke-dasharray="6 4"/>
  <path d="M27 16h10v11h11v10H37v11H27V37H16V27h11z" fill="#5f6368"/>
  <text x="32" y="60" font-family="sans-serif" font-size="7" text-anchor="middle" fill="#3c4043">MUESTRA</text>
</svg>
`

/**
 * Why colours given on the command line cannot be used (the validator's own WCAG 2.1 AA pairs,
 * src/manifest/siteIdentity.ts), in Spanish; undefined when they can.
 */
export function identityColorsProblem(colores: IdentityColors): string | undefined {
  for (const [flag, value] of [
    ['--color-primario', colores.primario],
    ['--color-fondo-claro', colores.fondoClaro],
  ] as const)
    if (value !== undefined && !/^#[0-9a-fA-F]{6}$/.test(value))
      return `${flag} «${value}» no es un color: escríbalo en hexadecimal con seis cifras, entre comillas (ejemplo: ${flag} "#0b5394").`
  const failing = colorPairs(colores).find(p => p.ratio < AA_NORMAL_TEXT)
  if (!failing) return undefined
  const flag = failing.key === 'primario' ? '--color-primario' : '--color-fondo-claro'
  return (
    `${flag} «${failing.background}» tiene un contraste de ${formatRatio(failing.ratio)} con ${failing.key === 'primario' ? 'el blanco' : `el color primario (${failing.text})`}; ` +
    `WCAG 2.1 AA pide al menos ${formatRatio(AA_NORMAL_TEXT)}: no se leerían bien ${failing.carries}. Use un color más ${failing.key === 'primario' ? 'oscuro' : 'claro'}. No se cambió nada.`
  )
}

/** The template's own identity, read from its site.yaml: what the copy replaces. */
interface SampleIdentity {
  nombre?: string
  nombreCorto?: string
  municipio?: string
}

/** A short name for the header when none is given: the name without its legal form («E.S.E.», «ESE»). */
export function shortName(nombre: string): string {
  const short = nombre.replace(/^\s*(E\.\s?S\.\s?E\.?|ESE)\s+/i, '').trim()
  return short || nombre.trim()
}

export function templateProblem(templateDir: string): string | undefined {
  for (const sub of ['manifest', 'public'])
    if (!fs.existsSync(path.join(templateDir, sub)))
      return `la plantilla ${templateDir} no tiene la carpeta ${sub}/ (una plantilla es una carpeta con manifest/ y public/).`
  if (!fs.existsSync(path.join(templateDir, 'manifest', 'site.yaml'))) return `la plantilla ${templateDir} no tiene manifest/site.yaml.`
  return undefined
}

function readSample(siteFile: string): SampleIdentity {
  const data = parseDocument(fs.readFileSync(siteFile, 'utf8')).toJS() as {
    nombre?: string
    nombreCorto?: string
    contacto?: { entidad?: { municipio?: string } }
  }
  return { nombre: data.nombre, nombreCorto: data.nombreCorto, municipio: data.contacto?.entidad?.municipio }
}

function yamlFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter(f => /\.ya?ml$/.test(f)).map(f => path.join(dir, f))
}

/**
 * Copies the template into `siteFolder` (which must not exist) and writes the hospital's identity into it: the
 * template's name, short name and municipality wherever its texts say them (the privacy notice's «responsable», the
 * pages that name the hospital), then site.yaml's own keys through the YAML document, comments kept.
 */
export function copyTemplate(templateDir: string, siteFolder: string, identity: SiteIdentity): void {
  fs.mkdirSync(siteFolder, { recursive: true })
  fs.cpSync(path.join(templateDir, 'manifest'), path.join(siteFolder, 'manifest'), { recursive: true })
  fs.cpSync(path.join(templateDir, 'public'), path.join(siteFolder, 'public'), { recursive: true })
  const manifest = path.join(siteFolder, 'manifest')
  const sample = readSample(path.join(manifest, 'site.yaml'))
  // Longest first: the short name may be part of the full one.
  const replacements = (
    [
      [sample.nombre, identity.nombre],
      [sample.nombreCorto, identity.nombreCorto],
      [sample.municipio, identity.municipio],
    ] as Array<[string | undefined, string]>
  )
    .filter((r): r is [string, string] => !!r[0] && r[0] !== r[1])
    .sort((a, b) => b[0].length - a[0].length)
  for (const file of yamlFiles(manifest)) {
    const text = fs.readFileSync(file, 'utf8')
    let out = text
    for (const [from, to] of replacements) out = out.split(from).join(to)
    if (out !== text) fs.writeFileSync(file, out)
  }
  const siteFile = path.join(manifest, 'site.yaml')
  const doc = parseDocument(fs.readFileSync(siteFile, 'utf8'))
  doc.set('nombre', identity.nombre)
  doc.set('nombreCorto', identity.nombreCorto)
  if (doc.has('urlPublica')) doc.set('urlPublica', `https://${identity.dominio}`)
  if (isMap(doc.getIn(['contacto', 'entidad']))) {
    doc.setIn(['contacto', 'entidad', 'municipio'], identity.municipio)
    doc.setIn(['contacto', 'entidad', 'departamento'], identity.departamento)
  }
  writeIdentity(doc, siteFolder, identity)
  fs.writeFileSync(siteFile, doc.toString({ lineWidth: 0, flowCollectionPadding: false }))
}

/**
 * The hospital's own identity block (`identidad` in site.yaml): the colours given, and a sample logo marked
 * `muestra: true` (so the checklist lists it with its file) unless the template already names a logo.
 */
function writeIdentity(doc: ReturnType<typeof parseDocument>, siteFolder: string, identity: SiteIdentity): void {
  if (!doc.hasIn(['identidad', 'logo'])) {
    const file = path.join(siteFolder, 'public', ...SAMPLE_LOGO.split('/').filter(Boolean))
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, SAMPLE_LOGO_SVG)
    }
    doc.setIn(['identidad', 'logo'], doc.createNode({ url: SAMPLE_LOGO, textoAlternativo: `Logo de ${identity.nombreCorto}`, muestra: true }))
  }
  if (identity.colores) {
    const colores = new YAMLMap()
    for (const [key, value] of Object.entries(identity.colores)) {
      if (!value) continue
      // Quoted, as staff must write them: unquoted, «#» starts a YAML comment.
      const scalar = new Scalar(value.toLowerCase())
      scalar.type = Scalar.QUOTE_DOUBLE
      colores.set(key, scalar)
    }
    doc.setIn(['identidad', 'colores'], colores)
  }
}
