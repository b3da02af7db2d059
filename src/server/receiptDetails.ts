import { canalLabel } from '../filings/channels.ts'
import { termOf } from '../filings/deadlines.ts'
import type { Receipt } from '../forms/receipt.ts'
import type { FilingForm } from '../manifest/filingForms.ts'
import type { SiteData } from './siteData.ts'
import type { AttachmentRecord } from './store/store.ts'

/**
 * What a receipt says about the filing besides its number and dates: the request (the form's name and its
 * request type, when it has one), the channel and, for a form with files, the attachments kept (name and size).
 */
export function receiptDetails(
  filing: FilingForm,
  datos: Record<string, unknown>,
  site: Pick<SiteData, 'lookups'>,
  canal: string,
  attachments: ReadonlyArray<Pick<AttachmentRecord, 'nombreOriginal' | 'tamano'>> | undefined,
): Pick<Receipt, 'solicitud' | 'canal' | 'adjuntos'> {
  const term = termOf(filing.form, datos, site.lookups)
  return {
    solicitud: term.tipoId !== undefined ? `${filing.nombre} — ${term.tipo}` : filing.nombre,
    canal: canalLabel(canal),
    ...(filing.fileFields.length > 0 ? { adjuntos: (attachments ?? []).map(a => ({ nombre: a.nombreOriginal, tamano: a.tamano })) } : {}),
  }
}
