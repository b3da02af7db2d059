import { useSyncExternalStore } from 'react'
import { decodificar, instantanea, POR_DEFECTO, suscribir, type Preferencias } from '../client/presentacion.ts'

/**
 * Current choices for React controls (the /accesibilidad page). The
 * pre-rendered HTML shows the default state; React switches to the stored
 * one right after hydration.
 */
export function usePreferencias(): Preferencias {
  return decodificar(useSyncExternalStore(suscribir, instantanea, () => POR_DEFECTO))
}
