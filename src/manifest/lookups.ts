import type { Lookups } from './types.generated.ts'

/** One entry of a list of manifest/forms/lookups.yaml: the number sent and the name shown. */
export interface LookupEntry {
  id: number
  nombre: string
}

/** The entries of a list (empty when the list or the file is missing: the validator reports it). */
export function lookupEntries(lookups: Lookups | undefined, lista: string): LookupEntry[] {
  return lookups?.listas[lista] ?? []
}

/** A list as form options: value sent (the id, as text) and label shown. */
export function lookupOptions(lookups: Lookups | undefined, lista: string): Array<{ valor: string; etiqueta: string }> {
  return lookupEntries(lookups, lista).map(o => ({ valor: String(o.id), etiqueta: o.nombre }))
}

/** The name shown for an id of a list (exports, notices), or undefined when unknown. */
export function lookupName(lookups: Lookups | undefined, lista: string, id: number): string | undefined {
  return lookupEntries(lookups, lista).find(o => o.id === id)?.nombre
}
