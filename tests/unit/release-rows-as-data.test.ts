/**
 * A release read from the database is data (docs/decisions/platform.md, «Releases through the database»): a pointer
 * entry names one plain release folder inside the releases folder, and every path of a release's list stays inside
 * its release folder. What the database gives back decides nothing else.
 */
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOWNLOADED_MARK, fileInside, releaseOfEntry } from '../../src/server/releasesInDatabase.ts'

const releases = path.join(os.tmpdir(), 'publicaciones-como-datos', 'sitios', 'a')

describe('release rows read as data', () => {
  it('a pointer entry is `<id>/client` with `<id>` one plain folder name', () => {
    expect(releaseOfEntry(releases, '2026-11-25T10-00-00-000Z/client')).toBe('2026-11-25T10-00-00-000Z')
    for (const entry of [
      '../b/2026-11-25T10-00-00-000Z/client',
      '../../sitios/b/x/client',
      '/etc/client',
      '..\\b\\x/client',
      '.descarga-x/client',
      '../client',
      'x/y/client',
      'x/client/..',
      'x\0/client',
      'x',
      '',
      42,
      null,
    ])
      expect(releaseOfEntry(releases, entry), String(entry)).toBeUndefined()
  })

  it('a file of a release stays inside the release folder and is never the download mark', () => {
    const dir = path.join(releases, 'r1')
    expect(fileInside(dir, 'client/hospital/junta/index.html')).toBe(path.join(dir, 'client', 'hospital', 'junta', 'index.html'))
    for (const rel of [
      '../fuera.html',
      'client/../../fuera.html',
      '/etc/passwd',
      'client//x',
      'client/./x',
      'client\\..\\..\\x',
      'a\0b',
      '',
      DOWNLOADED_MARK,
      7,
    ])
      expect(fileInside(dir, rel), String(rel)).toBeUndefined()
  })
})
