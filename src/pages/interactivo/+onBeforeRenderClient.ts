import { nextTask } from '../../renderer/client/nextTask.ts'

/**
 * Hydration in a task of its own (Lighthouse). Without this,
 * evaluating the page's modules, starting Vike and hydrating ran as one long
 * task; a phone cannot answer a tap during a long task, and Lighthouse's
 * total blocking time counts what each task lasts beyond 50 ms, so two
 * shorter tasks block less than one. A message, not a timer: a page whose
 * timers are paused or throttled must still hydrate (see preactClient.ts).
 */
export function onBeforeRenderClient(): Promise<void> {
  return nextTask()
}
