import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { REPORT_MARKER } from '../../src/manifest/requestReportSection.ts'
import { htmlFileFor, renderedPage, text } from '../helpers/builtSite.ts'

/**
 * The report of requests (docs/decisions/tracking-and-report.md) on the built site: /transparencia links the published
 * report of requests in its category 4 («Planeación, presupuesto e
 * informes»), numeral 4.10, and the report's page is pre-rendered with the
 * placeholder the server fills (tests/api/request-report.test.ts serves it).
 */
describe('the published report of requests in the built site', () => {
  it('is linked from /transparencia, numeral 4.10 of «Planeación, presupuesto e informes»', () => {
    const doc = renderedPage('/transparencia')
    const category = doc.querySelector('#categoria-4')!
    expect(text(category.querySelector('summary'))).toContain('Planeación, presupuesto e informes')
    const numeral = category.querySelector('#numeral-4-10')!
    expect(text(numeral)).toContain('Informes trimestrales sobre acceso a información, quejas y reclamos')
    const link = numeral.querySelectorAll('a').find(a => a.getAttribute('href') === '/transparencia/informe-solicitudes')
    expect(text(link)).toBe('Informe de solicitudes: recibidas, trasladadas, negadas y tiempo de respuesta, por trimestre o año')
  })

  it('is pre-rendered as plain HTML with the placeholder the server replaces, once', () => {
    const html = fs.readFileSync(htmlFileFor('/transparencia/informe-solicitudes'), 'utf8')
    expect(html.split(REPORT_MARKER)).toHaveLength(2)
    const doc = renderedPage('/transparencia/informe-solicitudes')
    expect(text(doc.querySelector('h1'))).toBe('Informe de solicitudes de acceso a la información y PQRSD')
    expect(text(doc.querySelector('main'))).toContain('artículo 52 del Decreto 103 de 2015')
  })
})
