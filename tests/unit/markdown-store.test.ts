import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KeptMarkdown, markdownStoreFile } from '../../src/build/keptMarkdown.ts'
import { markdownToHtml } from '../../src/renderer/markdown.ts'
import { MARKDOWN_STORE_KEY } from '../../src/renderer/markdownStore.ts'

/**
 * The pre-render's kept Markdown (docs/decisions/testing.md): a text converted by the last build of the same code is not converted
 * again; other code, or another text, always is.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-markdown-'))
const file = markdownStoreFile(dir, path.join(dir, 'generated'), '0/2')
const globals = globalThis as Record<symbol, unknown>

/** One pre-render run: the store on globalThis while `render` converts texts, saved afterwards. */
function run(version: string, render: () => void): KeptMarkdown {
  const store = KeptMarkdown.open(file, version)
  globals[MARKDOWN_STORE_KEY] = store
  try {
    render()
  } finally {
    delete globals[MARKDOWN_STORE_KEY]
  }
  store.save()
  return store
}

describe('kept Markdown', () => {
  afterEach(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }))

  it('a text converted by the last run of the same code is taken from the store', () => {
    const first = run('código-1', () => expect(markdownToHtml('Hola **mundo**')).toBe('<p>Hola <strong>mundo</strong></p>\n'))
    expect(first.reused).toBe(0)
    const second = run('código-1', () => expect(markdownToHtml('Hola **mundo**')).toBe('<p>Hola <strong>mundo</strong></p>\n'))
    expect(second.reused).toBe(1)
  })

  it('what the store holds is what the page gets (the conversion is skipped)', () => {
    // A store that holds something else for a text: the page shows it, so the store is really read.
    const planted = KeptMarkdown.open(file, 'código-1')
    planted.set('Texto', '<p>guardado</p>')
    planted.save()
    run('código-1', () => expect(markdownToHtml('Texto')).toBe('<p>guardado</p>'))
  })

  it('other code starts from an empty store: an upgrade never serves an old conversion', () => {
    run('código-1', () => markdownToHtml('Hola **mundo**'))
    const other = KeptMarkdown.open(file, 'código-2')
    expect(other.get('Hola **mundo**')).toBeUndefined()
  })

  it('a changed text is converted, and a run keeps only the texts its pages used', () => {
    run('código-1', () => {
      markdownToHtml('Uno')
      markdownToHtml('Dos')
    })
    const next = run('código-1', () => {
      expect(markdownToHtml('Uno')).toBe('<p>Uno</p>\n')
      expect(markdownToHtml('Dos, [editado](https://www.gov.co)')).toContain('target="_blank"')
    })
    expect(next.reused).toBe(1)
    const after = KeptMarkdown.open(file, 'código-1')
    expect(after.get('Dos')).toBeUndefined()
    expect(after.get('Uno')).toBe('<p>Uno</p>\n')
  })

  it('without a store (tests, npm run dev) every text is converted', () => {
    expect(globals[MARKDOWN_STORE_KEY]).toBeUndefined()
    expect(markdownToHtml('[enlace](javascript:alert(1))')).toBe('<p><a>enlace</a></p>\n')
  })
})
