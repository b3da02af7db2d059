import { describe, expect, it } from 'vitest'
import { renderedPage, text } from '../helpers/builtSite.ts'

/**
 * Escalation and cookies (docs/decisions/escalation-in-answers.md; checklist 126 and 88): the PQRSD pages say when and how a
 * citizen may go to the Superintendencia Nacional de Salud, with its line
 * from site.yaml; the privacy policy names the cookies the site sets and why
 * no cookie banner is shown.
 */
describe('escalation to the Superintendencia Nacional de Salud', () => {
  for (const route of ['/pqrsd', '/pqrsd/consulta']) {
    it(`${route} explains when and how, with the line from site.yaml`, () => {
      const page = text(renderedPage(route).querySelector('main'))
      expect(page).toContain('¿Y si no le responden a tiempo o la respuesta no resuelve su caso?')
      expect(page).toContain('cuando la E.S.E. no le responde dentro del término')
      expect(page).toContain('01 8000 513 700')
      expect(renderedPage(route).querySelector('main a[href="https://www.supersalud.gov.co"]')).not.toBeNull()
    })
  }
})

describe('cookies in the privacy policy', () => {
  it('names each cookie, what it is for, and why there is no banner', () => {
    const page = text(renderedPage('/politica-de-tratamiento-de-datos').querySelector('main'))
    expect(page).toContain('XSRF-TOKEN')
    expect(page).toContain('oficina_sesion')
    expect(page).toContain('Por ser estrictamente necesarias, no se pide su consentimiento ni se muestra un aviso de cookies')
  })
})
