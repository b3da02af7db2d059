import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { datasetCsv, openDatasets } from '../../src/manifest/openData.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import type { Seccion } from '../../src/manifest/types.generated.ts'
import { validateManifest } from '../../src/manifest/validate.ts'
import { prepareSections } from '../../src/renderer/prepare.ts'
import { SectionList } from '../../src/renderer/SectionList.tsx'

/**
 * A dataset's address on datos.gov.co (Resolución 1519 de 2020, Anexo 4): validated as an https address of the
 * portal, shown beside the list and in the open-data catalogue (numeral 7.2), and kept in the dataset's metadata
 * (docs/decisions/transparency-and-identity.md).
 */
const PORTAL = 'https://www.datos.gov.co/d/abcd-1234'
let tmp: string
let manifestDir: string

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'datosgov-'))
  manifestDir = path.join(tmp, 'manifest')
  fs.cpSync('tests/fixtures/manifest-min', manifestDir, { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  process.env.MANIFEST_DIR = manifestDir
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
})

afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** The fixture's document list with `datosGovCo` written after its title (line 3). */
function listWith(address: string): void {
  const file = path.join(manifestDir, 'documents/informes.yaml')
  fs.writeFileSync(
    file,
    fs.readFileSync('tests/fixtures/manifest-min/documents/informes.yaml', 'utf8').replace('titulo: Informes\n', `titulo: Informes\ndatosGovCo: ${address}\n`),
  )
}

describe('datos.gov.co address of a dataset', () => {
  it('refuses an address outside datos.gov.co, or without https, at its line', () => {
    for (const address of ['https://www.datos.gov.co.example.com/x', 'http://www.datos.gov.co/d/abcd-1234']) {
      listWith(address)
      expect(validateManifest(manifestDir).errors.map(formatProblem)).toEqual([
        `manifest/documents/informes.yaml:3:13: la dirección «${address}» no es de datos.gov.co: escriba la del conjunto de datos en el portal, que empieza por https://www.datos.gov.co/`,
      ])
    }
  })

  it('shows a valid address beside the list, in the 7.2 catalogue and in the CSV metadata', () => {
    listWith(PORTAL)
    const { manifest, errors } = validateManifest(manifestDir)
    expect(errors).toEqual([])
    const render = (sections: Seccion[]) => parse(renderToStaticMarkup(<SectionList sections={prepareSections(sections, manifest)} />))
    const list = render([{ tipo: 'documentos', fuente: 'informes' }])
    expect(list.querySelectorAll('.datos-abiertos-enlaces a').map(a => [a.getAttribute('href'), a.text.trim()])).toContainEqual([
      PORTAL,
      expect.stringMatching(/^Ver en datos\.gov\.co/),
    ])
    const catalogue = render([{ tipo: 'datosAbiertos' }])
    expect(catalogue.querySelectorAll(`a[href="${PORTAL}"]`)).toHaveLength(1)
    const dataset = openDatasets(manifest).find(d => d.id === 'documentos-informes')!
    expect(datasetCsv(dataset)).toContain(`# datos_gov_co: ${PORTAL}\r\n`)
  })

  it('shows nothing of the portal for a dataset without an address', () => {
    const { manifest } = validateManifest(manifestDir)
    const html = renderToStaticMarkup(<SectionList sections={prepareSections([{ tipo: 'documentos', fuente: 'informes' }], manifest)} />)
    expect(html).not.toContain('datos.gov.co')
  })
})
