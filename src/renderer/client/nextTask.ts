/**
 * Runs `callback` in a task of its own, as soon as the browser can: a
 * MessageChannel message, not a timer or an animation frame, because a page
 * whose timers are paused or throttled (a background tab, the end-to-end
 * tests' controlled clock) must still run it. Used to split long start-up
 * work into tasks a tap does not wait for (Lighthouse) and to run
 * Preact's effects when React would (preactClient.ts).
 */
export function inNextTask(callback: () => void): void {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    callback()
  }
  channel.port2.postMessage(null)
}

/** A promise of the next task (see inNextTask). */
export function nextTask(): Promise<void> {
  return new Promise(resolve => inNextTask(resolve))
}
