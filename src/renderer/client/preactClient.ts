/**
 * What the browser build gets for `react-dom/client` (see vite.config.ts):
 * Preact's `createRoot`/`hydrateRoot`, with effects scheduled as React
 * schedules them. Preact runs `useEffect` callbacks after the next animation
 * frame (requestAnimationFrame raced with a timer); React runs them in a task
 * of its own scheduler (a MessageChannel message). The components were
 * written against React's timing, and a page whose timers are paused or
 * throttled (a background tab, the end-to-end tests' controlled clock) would
 * otherwise never run them: the header date and the carousel's rotation
 * start in effects. Only the client build imports this module.
 */
import { options } from 'preact'
import client, { createRoot, hydrateRoot } from 'preact/compat/client'
import { inNextTask } from './nextTask.ts'

;(options as { requestAnimationFrame?: (callback: () => void) => void }).requestAnimationFrame = inNextTask

export { createRoot, hydrateRoot }
export default client
