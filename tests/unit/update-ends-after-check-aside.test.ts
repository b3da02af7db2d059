import { describe, expect, it } from 'vitest'
import { atMost } from '../../scripts/lib/updateHealth.ts'

/** Node's pending timers: each keeps the process running until it fires. */
const timers = () => process.getActiveResourcesInfo().filter(r => r === 'Timeout').length

describe('npm run actualizar ends once the server it checked aside has ended', () => {
  it('waiting at most 15 s for that server to exit leaves no timer behind when it exited first', async () => {
    const before = timers()
    await atMost(Promise.resolve(), 15_000)
    // A timer left pending kept the command running 15 s after its last line (scripts/lib/updateHealth.ts).
    expect(timers()).toBe(before)
  })

  it('still gives up after the time given when the server never exits', async () => {
    const started = Date.now()
    await atMost(new Promise<void>(() => {}), 50)
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
  })
})
