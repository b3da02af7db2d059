import { lookupOptions } from '../manifest/lookups.ts'
import { hasPrivacyNotice, type PrivacyNotice } from '../manifest/privacyNotice.ts'
import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'

/** One choice of a select or radio group, as rendered into the HTML. */
export interface FormOption {
  valor: string
  etiqueta: string
}

/**
 * Everything the browser needs to render and validate a form, attached at
 * pre-render time: the definition, the options of every select/radio (lookups
 * resolved, so the HTML is complete without JavaScript). The validator is
 * not part of it: it is the build's precompiled file (precompiled.ts).
 */
export interface PreparedForm {
  definition: FormDefinition
  opciones: Record<string, FormOption[]>
  /** The privacy notice (site.yaml), shown before the consent checkbox, when the form carries it. */
  aviso?: PrivacyNotice
}

export function prepareForm(form: FormDefinition, lookups?: Lookups, notice?: PrivacyNotice): PreparedForm {
  const opciones: Record<string, FormOption[]> = {}
  for (const c of form.campos) {
    if (c.opciones) opciones[c.nombre] = c.opciones.map(o => ({ valor: o.valor, etiqueta: o.etiqueta }))
    else if (c.lista) opciones[c.nombre] = lookupOptions(lookups, c.lista)
  }
  return { definition: form, opciones, ...(notice && hasPrivacyNotice(form) ? { aviso: notice } : {}) }
}

/** The prepared form of a manifest by id; throws at pre-render time when the id is unknown (the validator reports it first). */
export function preparedFormById(
  forms: ReadonlyArray<{ data: FormDefinition }>,
  lookups: Lookups | undefined,
  id: string,
  notice?: PrivacyNotice,
): PreparedForm {
  const form = forms.find(f => f.data.id === id)?.data
  if (!form) throw new Error(`el formulario «${id}» no existe en manifest/forms/`)
  return prepareForm(form, lookups, notice)
}
