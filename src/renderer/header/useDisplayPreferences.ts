import { useSyncExternalStore } from 'react'
import { decode, snapshot, DEFAULT_SNAPSHOT, subscribe, type DisplayPreferences } from '../client/displayPreferences.ts'

/**
 * Current choices for React controls (the /accesibilidad page). The
 * pre-rendered HTML shows the default state; React switches to the stored
 * one right after hydration.
 */
export function useDisplayPreferences(): DisplayPreferences {
  return decode(useSyncExternalStore(subscribe, snapshot, () => DEFAULT_SNAPSHOT))
}
