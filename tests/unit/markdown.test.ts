import { describe, expect, it } from 'vitest'
import { markdownToHtml } from '../../src/renderer/markdown.ts'

/** Staff write Markdown in the manifests; what reaches a citizen's browser must be inert. */
describe('staff Markdown is sanitized at build time', () => {
  it('drops scripts, event handlers, javascript: links, frames and styles', () => {
    const html = markdownToHtml(
      [
        'Texto <script>alert("x")</script> normal.',
        '<img src="/assets/a.png" alt="a" onerror="alert(1)">',
        '[entrar](javascript:alert(1)) y <a href="javascript:alert(2)">otro</a>',
        '<iframe src="https://example.org"></iframe>',
        '<p style="position:fixed" onclick="alert(3)">caja</p>',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i)
    expect(html).toContain('Texto')
    expect(html).toContain('<img src="/assets/a.png" alt="a" />')
    expect(html).toContain('caja')
  })

  it('keeps the formatting staff use and marks external links', () => {
    const html = markdownToHtml('**Horario**: lunes a viernes. Vea [la sede](https://example.org) o [citas](/citas).')
    expect(html).toContain('<strong>Horario</strong>')
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer" class="externo">la sede<span class="sale-del-sitio"> (sale del sitio)</span><span class="visually-hidden"> (abre en una ventana nueva)</span></a>',
    )
    expect(html).toContain('<a href="/citas">citas</a>')
  })
})
