/**
 * The hospital's colours (`identidad.colores` in site.yaml) must keep WCAG 2.1 AA contrast (4.5:1 for normal text)
 * with the text they carry (src/manifest/siteIdentity.ts says which text each carries): a colour that fails is
 * refused at its key, with both colours, the ratio found and the minimum.
 */
import { problemAt } from '../yamlSource.ts'
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
]
