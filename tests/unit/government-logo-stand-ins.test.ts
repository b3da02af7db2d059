import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { standInGovernmentLogos, standInSummary } from '../../src/manifest/governmentLogos.ts'
import type { Manifest } from '../../src/manifest/load.ts'

let tmp: string | undefined
afterEach(() => {
  delete process.env.PUBLIC_DIR
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

const manifestWith = (govco: string, marcaPais: string) =>
  ({
    site: { data: { logosGobierno: { govco: { url: govco, textoAlternativo: 'GOV.CO' }, marcaPais: { url: marcaPais, textoAlternativo: 'CO' } } } },
  }) as unknown as Manifest

/** While the template's drawn GOV.CO or marca país logo is served, the build says so (docs/decisions/transparency-and-identity.md). */
describe('government logo stand-ins', () => {
  it('names the shipped stand-in and not an official file copied over the other', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-'))
    fs.mkdirSync(path.join(tmp, 'assets/identidad'), { recursive: true })
    fs.copyFileSync('public/assets/identidad/govco.svg', path.join(tmp, 'assets/identidad/govco.svg'))
    fs.writeFileSync(
      path.join(tmp, 'assets/identidad/marca-pais-co.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="44"><path d="M0 0h90v44H0z"/></svg>\n',
    )
    process.env.PUBLIC_DIR = tmp
    const m = manifestWith('/assets/identidad/govco.svg', '/assets/identidad/marca-pais-co.svg')
    expect(standInGovernmentLogos(m)).toEqual(['/assets/identidad/govco.svg'])
    expect(standInSummary(m)).toEqual([
      '  Logos de GOV.CO y marca país de muestra: public/assets/identidad/govco.svg; reemplácelos por los archivos oficiales de la guía de GOV.CO (mismo tamaño), que no llevan la marca «data-muestra».',
    ])
    fs.copyFileSync(path.join(tmp, 'assets/identidad/marca-pais-co.svg'), path.join(tmp, 'assets/identidad/govco.svg'))
    expect(standInSummary(m)).toEqual([])
  })
})
