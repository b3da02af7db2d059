import fs from 'node:fs'

/**
 * A clock a test sets (AppOptions.now): it reads the instant last set, moved on by the real time since, so a
 * server under test lives through the day the test asserts about, whatever day the test runs
 * (docs/decisions/testing.md, «The day a test runs»).
 */
export class TestClock {
  private at: number
  private setAt = performance.now()

  constructor(instant: string | Date) {
    this.at = new Date(instant).getTime()
  }

  /** Moves the clock to an instant (ISO with offset, e.g. `2026-11-28T10:00:00-05:00`). */
  set(instant: string | Date): void {
    this.at = new Date(instant).getTime()
    this.setAt = performance.now()
  }

  readonly now = (): Date => new Date(this.at + (performance.now() - this.setAt))
}

/** An instant of Colombia's clock (UTC−5, no daylight saving): `bogota('2026-12-31T23:30')`. */
export function bogota(local: string): Date {
  return new Date(`${local.length === 16 ? `${local}:00` : local}-05:00`)
}

/**
 * The day the API suites' in-process servers live at unless a test sets another: a plain Wednesday, away from
 * holidays, weekends and the year's end, so no suite depends on the day it runs (tests/api/helpers.ts).
 */
export const PINNED_DAY = '2026-11-25'

/** A clock at 10:00 of PINNED_DAY in Colombia, running on from there. */
export function pinnedClock(): TestClock {
  return new TestClock(bogota(`${PINNED_DAY}T10:00`))
}

/** libfaketime (Debian's `faketime` package), preloaded into a spawned process to set its clock. */
export const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1'

/**
 * The environment that sets a spawned process's clock so that it reads `instant` at the real moment `atReal` (ms
 * since the epoch), and runs on from there: every process given the same pair agrees on the time, whenever each
 * started. Timers keep the real monotonic clock (a timeout still lasts its real length).
 */
export function processClockAt(instant: Date, atReal: number): NodeJS.ProcessEnv {
  if (!fs.existsSync(FAKETIME_LIB)) throw new Error(`libfaketime is missing (${FAKETIME_LIB}): apt-get install -y faketime`)
  const offsetSeconds = Math.round((instant.getTime() - atReal) / 1000)
  return { LD_PRELOAD: FAKETIME_LIB, FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
}
