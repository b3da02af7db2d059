import { describe, expect, it } from 'vitest'
import { prerenderProcessCount } from '../../src/build/buildSite.ts'
import { siteBuildEnv } from '../../scripts/lib/platformBuild.ts'
import { inShare, parsePrerenderShare } from '../../src/renderer/prerenderShard.ts'

/**
 * Large sites are pre-rendered by several processes at once, each rendering
 * one share of the pages (src/build/buildSite.ts, src/pages/+onPrerenderStart.ts).
 * A page in no share would be missing from the site; a page in two would be
 * written by two processes at once.
 */
const urls = ['/', '/404', ...Array.from({ length: 37 }, (_, i) => `/seccion/p-${i}`)]

describe('pre-rendering shares', () => {
  it('the shares together hold every page exactly once, whatever order Vike lists them in', () => {
    for (const count of [1, 2, 3, 4]) {
      const shuffled = [...urls].reverse()
      const taken = Array.from({ length: count }, (_, index) => inShare(index % 2 ? shuffled : urls, u => u, { index, count })).flat()
      expect(taken.sort(), `${count} shares`).toEqual([...urls].sort())
    }
  })

  it('the shares are about the same size', () => {
    const sizes = [0, 1, 2].map(index => inShare(urls, u => u, { index, count: 3 }).length)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
  })

  it('reads the share from the variable the build sets, and nothing else', () => {
    expect(parsePrerenderShare('1/2')).toEqual({ index: 1, count: 2 })
    expect(parsePrerenderShare(undefined)).toBeUndefined()
    expect(parsePrerenderShare('2/2')).toBeUndefined()
    expect(parsePrerenderShare('0/0')).toBeUndefined()
    expect(parsePrerenderShare('uno/dos')).toBeUndefined()
  })
})

describe('how many processes pre-render', () => {
  it('one for a site of the real size, one per core on a large site', () => {
    expect(prerenderProcessCount(118, 2, undefined)).toBe(1)
    expect(prerenderProcessCount(1001, 2, undefined)).toBe(2)
    expect(prerenderProcessCount(1001, 1, undefined)).toBe(1)
    expect(prerenderProcessCount(1001, 8, undefined)).toBe(5)
  })

  it('PRERENDER_PROCESSES sets the number (never more processes than pages)', () => {
    expect(prerenderProcessCount(118, 2, '3')).toBe(3)
    expect(prerenderProcessCount(2, 2, '4')).toBe(2)
    expect(prerenderProcessCount(1001, 2, '1')).toBe(1)
    expect(prerenderProcessCount(1001, 2, 'muchos')).toBe(2)
  })

  it('a platform building several sites at once pre-renders each in one process (the cores already build the others)', () => {
    const processes = (concurrent: number, env: NodeJS.ProcessEnv) => prerenderProcessCount(1001, 2, siteBuildEnv(concurrent, env).PRERENDER_PROCESSES)
    expect(processes(2, {})).toBe(1)
    // One site at a time keeps the split; an operator's setting wins either way.
    expect(processes(1, {})).toBe(2)
    expect(processes(2, { PRERENDER_PROCESSES: '2' })).toBe(2)
  })
})
