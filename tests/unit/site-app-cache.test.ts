/**
 * A platform process keeps at most a set number of sites' servers started (src/server/siteAppCache.ts): a site used
 * longest ago is closed when a new one starts and the cache is full, never while one of its requests is in flight,
 * and it starts again on its next request. The memory this bounds is measured by `npm run bench -- plataforma`.
 */
import { describe, expect, it } from 'vitest'
import { siteAppCache } from '../../src/server/siteAppCache.ts'

function fakeSites() {
  const started: string[] = []
  const closed: string[] = []
  const cache = siteAppCache({
    capacity: 2,
    start: async (id: string) => {
      started.push(id)
      return { id, close: async () => void closed.push(id) }
    },
  })
  const visit = async (id: string) => {
    const { app, release } = cache.acquire(id)
    const a = await app
    release()
    return a
  }
  return { cache, started, closed, visit }
}

const settle = () => new Promise(r => setTimeout(r, 0))

describe('the sites kept in memory', () => {
  it('closes the site used longest ago when a third starts, and starts it again on its next visit', async () => {
    const { cache, started, closed, visit } = fakeSites()
    await visit('a')
    await visit('b')
    await visit('a')
    await visit('c')
    await settle()
    expect(closed).toEqual(['b'])
    expect(cache.inMemory()).toEqual(['a', 'c'])
    expect((await visit('b')).id).toBe('b')
    await settle()
    expect(started).toEqual(['a', 'b', 'c', 'b'])
    expect(closed).toEqual(['b', 'a'])
    expect(cache.inMemory()).toHaveLength(2)
  })

  it('never closes a site while one of its requests is in flight; it goes once the answer is sent', async () => {
    const { cache, closed, visit } = fakeSites()
    const held = cache.acquire('a')
    await held.app
    await visit('b')
    await visit('c')
    await settle()
    // «a» is the oldest, but busy: «b» goes instead, and the cache stays over its size only while it must.
    expect(closed).toEqual(['b'])
    expect(cache.inMemory()).toEqual(['a', 'c'])
    await visit('d')
    await settle()
    expect(closed).toEqual(['b', 'c'])
    expect(cache.inMemory()).toEqual(['a', 'd'])
    held.release()
    held.release()
    await visit('e')
    await settle()
    expect(closed).toEqual(['b', 'c', 'a'])
    expect(cache.inMemory()).toEqual(['d', 'e'])
  })

  it('forgets a site that could not start, and tries it again on its next request', async () => {
    let failing = true
    const errors: string[] = []
    const cache = siteAppCache({
      capacity: 2,
      start: async (id: string) => {
        if (failing) throw new Error('sin base de datos')
        return { id, close: async () => undefined }
      },
      onError: (id, stage, error) => errors.push(`${id} ${stage} ${(error as Error).message}`),
    })
    const first = cache.acquire('a')
    await expect(first.app).rejects.toThrow('sin base de datos')
    first.release()
    expect(cache.inMemory()).toEqual([])
    failing = false
    expect((await cache.acquire('a').app).id).toBe('a')
    expect(errors).toEqual(['a start sin base de datos'])
  })

  it('a read of a site in memory starts none and leaves the order as it was: a scrape is no visit', async () => {
    const { cache, started, closed, visit } = fakeSites()
    expect(cache.useIfInMemory('a', async app => app.id)).toBeUndefined()
    await visit('a')
    await visit('b')
    expect(await cache.useIfInMemory('a', async app => app.id)).toBe('a')
    await visit('c')
    await settle()
    // «a» was read after «b» was visited, and is still the one used longest ago.
    expect(closed).toEqual(['a'])
    expect(started).toEqual(['a', 'b', 'c'])
  })

  it('a site being read is not closed: the next one used longest ago goes instead', async () => {
    const { cache, closed, visit } = fakeSites()
    await visit('a')
    await visit('b')
    let finish: () => void = () => undefined
    const reading = cache.useIfInMemory('a', app => new Promise<string>(r => (finish = () => r(app.id))))
    await settle()
    await visit('c')
    await settle()
    expect(closed).toEqual(['b'])
    finish()
    expect(await reading).toBe('a')
    expect(cache.inMemory()).toEqual(['a', 'c'])
  })
})
