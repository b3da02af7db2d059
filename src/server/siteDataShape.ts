import type { FilingForm } from '../manifest/filingForms.ts'
import type { FooterPhone } from '../manifest/placeholders.ts'
import type { PrivacyNotice } from '../manifest/privacyNotice.ts'
import type { Lookups, NewsItem } from '../manifest/types.generated.ts'
import type { NumberingPlan } from './store/store.ts'

/** What the server needs from a site's manifest (siteData.ts derives it; siteDataFile.ts keeps it for the server). */
export interface SiteData {
  /** The forms the server receives, from their manifests (see src/manifest/filingForms.ts). */
  filings: FilingForm[]
  plan: NumberingPlan
  lookups: Lookups
  /** site.yaml's privacy notice (forms with `avisoPrivacidad`); its version is stored with each authorization. */
  privacyNotice: PrivacyNotice | undefined
  news: NewsItem[]
  /** Group path → main child, from pages with `redirigirA`. */
  redirects: Map<string, string>
  /** Manifest problems the server could live with (files left out); logged at start. */
  warnings: string[]
  /** The page each form is shown on (its `formulario` section), for the links of the no-script answers. */
  formPages: Record<string, string>
  /** Short name of the institution (site.yaml), for page titles. */
  siteName: string
  /** The Superintendencia Nacional de Salud's phone as displayed (site.yaml `contacto.telefonos.supersalud`), for the escalation texts (docs/decisions/server-structure.md). */
  supersaludPhone?: string
  /** URLs of the video and embebido sections: their https origins are the frames the CSP allows. */
  embedUrls: string[]
  /** Phones offered when a search finds nothing (the same as the /buscar page's, from its section preparer). */
  searchHelpPhones: FooterPhone[]
  /** Routes of the pages holding the published report of requests (an «informeSolicitudes» section), filled in by the server. */
  reportPages: string[]
}
