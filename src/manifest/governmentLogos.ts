/**
 * The GOV.CO and marca país logos (`logosGobierno` in site.yaml; Resolución 1519 de 2020, Anexo 2) must be the
 * official files. The template ships drawn stand-ins marked `data-muestra` on their root element: while a site still
 * serves one, the build says so (docs/decisions/transparency-and-identity.md). Only the mark is read, never the
 * drawing: an official file a hospital copies in has none.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Manifest } from './load.ts'
import { publicDir } from './paths.ts'
import { routeOf } from './urls.ts'

/** The attribute the stand-ins carry on their `<svg>`. */
export const STAND_IN_MARK = 'data-muestra'

/** The `logosGobierno` files (their /assets/… links) that are still the template's stand-ins. */
export function standInGovernmentLogos(manifest: Manifest): string[] {
  const logos = manifest.site?.data.logosGobierno
  if (!logos) return []
  return [logos.govco.url, logos.marcaPais.url].filter(url => {
    const file = path.join(publicDir(), decodeURI(routeOf(url)))
    try {
      const head = fs.readFileSync(file, 'utf8').slice(0, 2048)
      return new RegExp(`<svg[^>]*\\s${STAND_IN_MARK}[\\s=>]`).test(head)
    } catch {
      // A missing file is the validator's error (missing-asset), not a stand-in.
      return false
    }
  })
}

/** The build summary's line while a stand-in is served; none once both are the official files. */
export function standInSummary(manifest: Manifest): string[] {
  const files = standInGovernmentLogos(manifest)
  if (files.length === 0) return []
  return [
    `  Logos de GOV.CO y marca país de muestra: ${files.map(f => `public${f}`).join(', ')}; reemplácelos por los archivos oficiales de la guía de GOV.CO (mismo tamaño), que no llevan la marca «${STAND_IN_MARK}».`,
  ]
}
