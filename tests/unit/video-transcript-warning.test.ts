import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

/** Videos need a transcript (docs/decisions/accessibility.md): a «video» and an embedded player, not other embedded content. */
let tmp: string | undefined
afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

it('warns for a video or an embedded player without transcript, and for nothing else', () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'video-'))
  fs.cpSync('tests/fixtures/manifest-min', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  const sections = [
    '  - { tipo: video, titulo: Sin transcripción, url: "https://www.youtube-nocookie.com/embed/a" }',
    '  - { tipo: video, titulo: Con transcripción, url: "https://www.youtube-nocookie.com/embed/b", transcripcion: /assets/docs/informe-2024.pdf }',
    '  - { tipo: embebido, titulo: Video de Vimeo, url: "https://player.vimeo.com/video/1" }',
    '  - { tipo: embebido, titulo: Video con transcripción, url: "https://player.vimeo.com/video/2", transcripcion: /assets/docs/informe-2024.pdf }',
    '  - { tipo: embebido, titulo: Calendario, url: "https://calendar.google.com/calendar/embed?src=x" }',
  ]
  fs.writeFileSync(path.join(tmp, 'manifest/pages/videos.yaml'), `ruta: /videos\netiqueta: Videos\ntitulo: Videos\nsecciones:\n${sections.join('\n')}\n`)
  process.env.MANIFEST_DIR = path.join(tmp, 'manifest')
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
  const result = validateManifest(path.join(tmp, 'manifest'))
  expect(result.errors.map(formatProblem)).toEqual([])
  expect(
    result.warnings
      .map(formatProblem)
      .filter(w => w.includes('transcripcion'))
      .map(w => w.replace(/ no tiene.*/, '')),
  ).toEqual(['manifest/pages/videos.yaml:5:13: aviso: el video «Sin transcripción»', 'manifest/pages/videos.yaml:7:13: aviso: el video «Video de Vimeo»'])
})
