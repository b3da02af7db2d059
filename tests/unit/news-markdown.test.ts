/**
 * News are written in Markdown like every other staff text, rendered and
 * sanitized at build time; news written in HTML keep working. The API's
 * `/api/noticias` answer (built from newsItems) keeps HTML in `cuerpo`.
 */
import { describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { newsItems, newsMarkdownToHtml } from '../../src/news/news.ts'

const items = newsItems(loadManifest().manifest)
const byId = (id: string) => items.find(n => n.id === id)!

describe('news in Markdown', () => {
  it('Markdown becomes HTML: bold, paragraphs, lists, links, contact placeholders; no raw ** or [text](url)', () => {
    const festivos = byId('horario-festivos-noviembre')
    expect(festivos.cuerpo).toContain('<strong>urgencias</strong>')
    expect(festivos.cuerpo).toContain('<a href="tel:+576015550101">+57 601 555 0101</a>')
    expect(festivos.cuerpo.match(/<p>/g)).toHaveLength(2)
    expect(festivos.encabezado).toBe('<p>Atención al usuario</p>')
    expect(festivos.dependencia).toBe('<p>Oficina de Atención al Usuario (SIAU)</p>')
    const lactancia = byId('semana-lactancia-materna')
    expect(lactancia.cuerpo).toMatch(/<ul>\s*<li>Lunes a viernes/)
    expect(lactancia.cuerpo).toContain('<a href="/services/iamii">estrategia IAMII</a>')
    for (const n of items) expect(n.cuerpo, n.id).not.toMatch(/\*\*|\]\(/)
  })

  it('is sanitized: event handlers, javascript: links, scripts and images are removed', () => {
    for (const n of items)
      expect(`${n.encabezado}${n.dependencia}${n.cuerpo}`, n.id).not.toMatch(/onmouseover|onclick|onerror|javascript:|<script|<img|<iframe|style=/i)
    expect(byId('semana-lactancia-materna').cuerpo).toContain('oficina de IAMII')
    expect(byId('horario-festivos-noviembre').cuerpo).toContain('<a href="/atencion/contacto">canales de atención</a>')
  })

  it('news written in HTML keep working', () => {
    expect(byId('nueva-ambulancia').cuerpo).toContain('<a href="/services/tab">transporte asistencial básico</a>')
    expect(byId('nueva-ambulancia').encabezado).toBe('<p>Servicios</p>')
    expect(newsMarkdownToHtml('<p>Hola <strong>mundo</strong></p>')).toBe('<p>Hola <strong>mundo</strong></p>')
  })
})
