/** Which release folders `npm run publicar` keeps (PUBLICACIONES_CONSERVAR). */
import { describe, expect, it } from 'vitest'
import { foldersToKeep, keepFromEnv } from '../../scripts/lib/releaseFolders.ts'

const ids = ['2026-01-01T00-00-00-000Z', '2026-02-01T00-00-00-000Z', '2026-03-01T00-00-00-000Z', '2026-04-01T00-00-00-000Z', '2026-05-01T00-00-00-000Z']

describe('kept releases', () => {
  it('keeps the newest N, plus the one served and the previous one wherever they are', () => {
    expect([...foldersToKeep(ids, { actual: `${ids[4]}/client`, anterior: `${ids[3]}/client` }, 3)].sort()).toEqual(ids.slice(2))
    // Served again after a revert to the oldest: it and the one it replaced stay, with the newest three.
    expect([...foldersToKeep(ids, { actual: `${ids[0]}/client`, anterior: `${ids[1]}/client` }, 2)].sort()).toEqual([ids[0], ids[1], ids[3], ids[4]])
  })

  it('PUBLICACIONES_CONSERVAR keeps at least the served one and one before it', () => {
    expect(keepFromEnv({})).toBe(5)
    expect(keepFromEnv({ PUBLICACIONES_CONSERVAR: '8' })).toBe(8)
    expect(() => keepFromEnv({ PUBLICACIONES_CONSERVAR: '1' })).toThrow(/2 o más/)
    expect(() => keepFromEnv({ PUBLICACIONES_CONSERVAR: 'tres' })).toThrow(/PUBLICACIONES_CONSERVAR/)
  })
})
