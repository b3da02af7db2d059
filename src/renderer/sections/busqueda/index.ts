import { defineSection } from '../module.ts'
import { phoneById, SEARCH_HELP_PHONES, type FooterPhone } from '../../../manifest/placeholders.ts'
import { Busqueda } from './Busqueda.tsx'

export default defineSection({
  tipo: 'busqueda',
  Component: Busqueda,
  interactive: true,
  prepare: (s, { manifest }) => {
    const site = manifest.site?.data
    return { ...s, telefonosAyuda: site ? SEARCH_HELP_PHONES.flatMap(id => phoneById(site, id) ?? []) : [] }
  },
})

declare module '../../types.ts' {
  /** What the preparer adds to a «busqueda» section: the phones shown when nothing is found. */
  interface PreparedExtras {
    busqueda: { telefonosAyuda: FooterPhone[] }
  }
}
