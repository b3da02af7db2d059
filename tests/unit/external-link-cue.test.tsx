import { parse } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { markExternalLinks } from '../../src/manifest/externalLinks.ts'
import { SmartLink } from '../../src/renderer/components/SmartLink.tsx'

/** What a sighted reader sees of a link: its text without the parts hidden on screen. */
function visibleText(html: string): string {
  const root = parse(html)
  for (const hidden of root.querySelectorAll('.visually-hidden')) hidden.remove()
  return root.textContent
}

/** A link leaving the site says so in visible text, not only with an icon and hidden text (docs/decisions/accessibility.md). */
describe('links leaving the site', () => {
  it('show «(sale del sitio)» from a section and from staff Markdown; a link inside the site does not', () => {
    expect(visibleText(renderToStaticMarkup(<SmartLink url="https://www.supersalud.gov.co">Supersalud</SmartLink>))).toBe('Supersalud (sale del sitio)')
    expect(visibleText(markExternalLinks('<a href="https://www.minsalud.gov.co">Minsalud</a>'))).toBe('Minsalud (sale del sitio)')
    expect(visibleText(renderToStaticMarkup(<SmartLink url="/pqrsd">PQRSD</SmartLink>))).toBe('PQRSD')
  })
})
