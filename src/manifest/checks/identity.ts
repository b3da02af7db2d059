/**
 * The hospital's colours (`identidad.colores` in site.yaml) must keep WCAG 2.1 AA contrast (4.5:1 for normal text)
 * with the text they carry (src/manifest/siteIdentity.ts says which text each carries): a colour that fails is
 * refused at its key, with both colours, the ratio found and the minimum. The logo's file must be an image whose
 * size can be read: the header reserves the logo's box with it (src/manifest/logoSize.ts).
 */
import { problemAt } from '../yamlSource.ts'
import { logoFileExists, logoSize } from '../logoSize.ts'
import { AA_NORMAL_TEXT, colorPairs, formatRatio } from '../siteIdentity.ts'
import type { CrossCheck } from './context.ts'

export const identityChecks: CrossCheck[] = [
  {
    name: 'identity-contrast',
    run: ({ manifest }) => {
      const site = manifest.site
      const colors = site?.data.identidad?.colores
      if (!site || !colors) return []
      return colorPairs(colors)
        .filter(p => p.ratio < AA_NORMAL_TEXT)
        .map(p =>
          problemAt(
            site.source,
            ['identidad', 'colores', p.key],
            `el color «${p.key}» (${p.background}) tiene un contraste de ${formatRatio(p.ratio)} con ${p.key === 'primario' ? 'el blanco' : `el color «primario» (${p.text})`}, ` +
              `y WCAG 2.1 AA pide al menos ${formatRatio(AA_NORMAL_TEXT)} para texto normal: no se leerían bien ${p.carries}; use un color más ${p.key === 'fondoClaro' ? 'claro' : 'oscuro'}`,
          ),
        )
    },
  },
  {
    name: 'identity-logo-size',
    readsPublicFiles: true,
    run: ({ manifest }) => {
      const site = manifest.site
      const logo = site?.data.identidad?.logo
      // A missing file is the link check's (missing-asset); here only a file that is there but cannot be read.
      if (!site || !logo || !logoFileExists(logo.url) || logoSize(logo.url)) return []
      return [
        problemAt(
          site.source,
          ['identidad', 'logo', 'url'],
          `el archivo «${logo.url}» no es una imagen SVG, PNG, JPG o WEBP de la que se pueda leer el ancho y el alto: ` +
            'guárdelo de nuevo como imagen desde el programa con que se hizo (un SVG necesita «width» y «height» o «viewBox»)',
        ),
      ]
    },
  },
]
