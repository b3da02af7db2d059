/**
 * Contracting and management pages (/contratacion/…, /nuestra-gestion/…):
 * accordion initial panels, table columns, year ranges and the constants the
 * spec gives, checked on the pre-rendered HTML a citizen receives.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clientDir, openPanels, renderedPage, text, type HTMLElement } from '../helpers/builtSite.ts'

const G = '/nuestra-gestion'
const P = `${G}/planeacion`
const C = `${G}/control`

const ROUTES = [
  '/contratacion/contratacion',
  '/contratacion/adquisiciones',
  '/contratacion/convocatorias',
  '/contratacion/manuales',
  '/contratacion/ejecucion',
  G,
  `${G}/estados-financieros`,
  `${G}/ejecuciones-presupuestales`,
  `${G}/gestion-documental`,
  ...[
    'planeacion',
    'politicas',
    'manuales1',
    'planes',
    'plan-compras',
    'proyectos',
    'metas',
    'participacion',
    'empalme',
    'relevante',
    'rendicion',
    'informes-gestion',
  ].map(r => `${P}/${r}`),
  ...['control', 'informes', 'reportes', 'mejoramiento', 'defensa', 'entes', 'vulnerables', 'riesgos'].map(r => `${C}/${r}`),
]

const REDIRECTS: [string, string][] = [
  ['/contratacion', '/contratacion/contratacion'],
  [P, `${P}/planeacion`],
  [C, `${C}/control`],
]

function range(from: number, to: number): string[] {
  const out: string[] = []
  const step = from <= to ? 1 : -1
  for (let y = from; y !== to + step; y += step) out.push(String(y))
  return out
}

/** The panels of the page's accordions (layout <details> such as the collapsible menu are left out). */
function panels(doc: HTMLElement): HTMLElement[] {
  return doc.querySelectorAll('main .acordeon details')
}

/** The DOM used here has no `open` property: read the attribute the HTML carries. */
function isOpen(d: HTMLElement): boolean {
  return d.hasAttribute('open')
}

function panel(doc: HTMLElement, id: string): HTMLElement {
  const found = panels(doc).find(d => d.id === id)
  if (!found) throw new Error(`no panel «${id}»`)
  return found
}

function summaries(doc: HTMLElement): string[] {
  return panels(doc).map(d => text(d.querySelector('summary')))
}

/** Text of the direct links of a panel or section (a file link reads «Título (PDF)»). */
function linkTexts(el: HTMLElement): string[] {
  return [...el.querySelectorAll('a')].map(a => text(a))
}

/** Headings inside a panel's content (the panel's own title is a heading inside its <summary>). */
function headings(el: HTMLElement): string[] {
  return [...el.querySelectorAll('h2, h3, h4, h5, h6')].filter(h => h.parentNode?.tagName !== 'SUMMARY').map(h => text(h))
}

function tableOf(doc: HTMLElement, caption?: string): HTMLElement {
  const tables = doc.querySelectorAll('main table')
  const table = caption ? tables.find(t => t.closest('[aria-label]')?.getAttribute('aria-label') === caption) : tables[0]
  if (!table) throw new Error(`no table ${caption ?? ''}`)
  return table
}

function headers(table: HTMLElement): string[] {
  return [...table.querySelectorAll('thead th')].map(th => text(th))
}

function column(table: HTMLElement, index: number): string[] {
  return [...table.querySelectorAll('tbody tr')].map(tr => text(tr.querySelectorAll('td')[index]))
}

describe('contracting and management pages are pre-rendered', () => {
  it.each(ROUTES)('%s has a heading and a breadcrumb', route => {
    const doc = renderedPage(route)
    expect(text(doc.querySelector('main h1'))).not.toBe('')
    const crumbs = doc.querySelector('main nav.migas [aria-current="page"]')
    expect(crumbs?.getAttribute('href')).toBe(route)
  })

  it.each(REDIRECTS)('%s sends the visitor to %s', (from, to) => {
    const html = fs.readFileSync(path.join(clientDir(), from, 'index.html'), 'utf8')
    expect(html).toContain(`url=${to}`)
    expect(renderedPage(from).querySelector(`main a[href="${to}"]`)).not.toBeNull()
  })

  it('every file a citizen can download from these pages exists in the build', () => {
    const missing: string[] = []
    let files = 0
    for (const route of ROUTES) {
      for (const a of renderedPage(route).querySelectorAll('main a[href^="/assets/"]')) {
        const href = a.getAttribute('href')!
        files++
        if (!href.endsWith('.pdf') || !fs.existsSync(path.join(clientDir(), decodeURI(href)))) missing.push(`${route}: ${href}`)
      }
    }
    expect(missing).toEqual([])
    expect(files).toBeGreaterThan(400)
  })

  it('external links open away from the site', () => {
    for (const route of ['/contratacion/contratacion', '/contratacion/ejecucion', `${C}/entes`]) {
      const external = [...renderedPage(route).querySelectorAll('main a[href^="https://"]')]
      expect(external.length, route).toBeGreaterThan(1)
      for (const a of external) expect(a.getAttribute('target'), a.getAttribute('href')!).toBe('_blank')
    }
  })
})

describe('accordions: one panel open at a time, the spec panel open first', () => {
  const cases: [string, string][] = [
    [G, '2025'],
    [`${G}/estados-financieros`, '2024'],
    [`${G}/ejecuciones-presupuestales`, '2024'],
    [`${P}/planes`, 'static-13'],
    [`${P}/participacion`, '2019'],
    [`${P}/rendicion`, '2025'],
    [`${C}/informes`, '2025'],
  ]

  it.each(cases)('%s opens «%s» and only it', (route, id) => {
    const doc = renderedPage(route)
    expect(openPanels(doc)).toEqual([id])
    expect(
      panels(doc)
        .filter(isOpen)
        .map(d => d.id),
    ).toEqual([id])
  })

  it.each(cases.map(([r]) => r))('the panels of %s share one name', route => {
    const names = panels(renderedPage(route)).map(d => d.getAttribute('name'))
    expect(names.length).toBeGreaterThan(1)
    expect(names[0]).toBeTruthy()
    expect(new Set(names).size).toBe(1)
  })

  it('budget, financial statements and execution open their first panel', () => {
    for (const route of [G, `${G}/estados-financieros`, `${G}/ejecuciones-presupuestales`]) {
      const doc = renderedPage(route)
      expect(isOpen(panels(doc)[0]!), route).toBe(true)
    }
  })

  it('strategic plans: panels static-1… in order, the 13th open, each with downloads by year', () => {
    const doc = renderedPage(`${P}/planes`)
    const all = panels(doc)
    expect(all.length).toBeGreaterThanOrEqual(14)
    expect(all.map(d => d.id)).toEqual(all.map((_, i) => `static-${i + 1}`))
    expect(isOpen(all[12]!)).toBe(true)
    const titles = summaries(doc).join(' | ')
    for (const plan of [
      /plan de gesti[oó]n/i,
      /plan de desarrollo/i,
      /planes de acci[oó]n/i,
      /anticorrupci[oó]n/i,
      /archivos/i,
      /adquisiciones/i,
      /vacantes/i,
      /previsi[oó]n de recursos humanos/i,
      /talento humano/i,
      /capacitaci[oó]n/i,
      /incentivos/i,
      /seguridad y salud en el trabajo/i,
      /tecnolog[ií]as de la informaci[oó]n/i,
      /riesgos de seguridad y privacidad/i,
      /^(?!.*riesgos).*seguridad y privacidad de la informaci[oó]n/im,
    ]) {
      expect(
        titles.split(' | ').some(t => plan.test(t)),
        String(plan),
      ).toBe(true)
    }
    for (const p of all) {
      const table = p.querySelector('table')
      expect(table, p.id).not.toBeNull()
      expect(headers(table!)[0]).toBe('Vigencia')
      expect(
        column(table!, 0).every(y => /^\d{4}$/.test(y)),
        p.id,
      ).toBe(true)
      expect(p.querySelectorAll('a[href$=".pdf"]').length, p.id).toBeGreaterThan(0)
    }
  })

  it('participation: 2019 strategic axes with documents; 2020 says it has none', () => {
    const doc = renderedPage(`${P}/participacion`)
    expect(summaries(doc)).toEqual(['2020', '2019'])
    const p2020 = panel(doc, '2020')
    expect(p2020.querySelectorAll('a').length).toBe(0)
    expect(text(p2020)).toMatch(/no hay documentos/i)
    const p2019 = panel(doc, '2019')
    expect(headings(p2019).filter(h => /^Eje \d/.test(h)).length).toBeGreaterThanOrEqual(2)
    expect(p2019.querySelectorAll('a[href$=".pdf"]').length).toBeGreaterThan(2)
  })
})

describe('budget (/nuestra-gestion)', () => {
  const doc = () => renderedPage(G)

  it('has the panels 2025, 2024, 2023 and 2014 a 2023, in that order', () => {
    expect(panels(doc()).map(d => d.id)).toEqual(['2025', '2024', '2023', '2014-2023'])
    const titles = summaries(doc())
    expect(titles[0]).toBe('2025')
    expect(titles[1]).toMatch(/^2024/)
    expect(titles[2]).toMatch(/^2023/)
    expect(titles[3]).toBe('2014 a 2023')
  })

  it('2024 holds the budget and five amendments by agreement; 2023 six amendments', () => {
    const amendments = (id: string) => linkTexts(panel(doc(), id)).filter(t => /^Acuerdo No\. \d+ de \d{4}: modificación presupuestal/.test(t))
    expect(amendments('2024')).toHaveLength(5)
    expect(amendments('2023')).toHaveLength(6)
    expect(amendments('2025')).toHaveLength(0)
    expect(text(panel(doc(), '2024'))).toMatch(/cinco modificaciones/)
    expect(text(panel(doc(), '2023'))).toMatch(/seis modificaciones/)
  })

  it('the 2014 a 2023 panel holds one approved budget per year, 2023 included', () => {
    const links = linkTexts(panel(doc(), '2014-2023'))
    const years = links.map(t => /presupuesto (\d{4})/.exec(t)?.[1]).filter(Boolean)
    expect(years).toEqual(range(2023, 2014))
    expect(linkTexts(panel(doc(), '2023')).some(t => /aprobación del presupuesto 2023/.test(t))).toBe(true)
  })
})

describe('financial statements and budget execution', () => {
  it('financial statements: 2024; 2020 a 2023; 2016 a 2019, quarterly', () => {
    const doc = renderedPage(`${G}/estados-financieros`)
    expect(summaries(doc)).toEqual(['2024', '2020 a 2023', '2016 a 2019'])
    expect(text(panel(doc, '2024'))).toMatch(/Primer trimestre.*Segundo trimestre.*Tercer trimestre.*Cuarto trimestre/)
    expect(headings(panel(doc, '2020-2023'))).toEqual(range(2023, 2020).map(y => `Vigencia ${y}`))
    expect(headings(panel(doc, '2016-2019'))).toEqual(range(2019, 2016).map(y => `Vigencia ${y}`))
    expect(panel(doc, '2016-2019').querySelectorAll('a[href$=".pdf"]')).toHaveLength(16)
  })

  it('budget execution: 2024 plus third quarter; 2020 to 2023 and 2016 to 2019 by year, income and expense', () => {
    const doc = renderedPage(`${G}/ejecuciones-presupuestales`)
    expect(panels(doc).map(d => d.id)).toEqual(['2024', '2020-2023', '2016-2019'])
    expect(summaries(doc)[0]).toMatch(/^2024.*tercer trimestre/i)
    expect(headings(panel(doc, '2024')).join(' ')).toMatch(/Tercer trimestre de 2024/)
    expect(headings(panel(doc, '2020-2023'))).toEqual(range(2023, 2020).map(y => `Vigencia ${y}`))
    expect(headings(panel(doc, '2016-2019'))).toEqual(range(2019, 2016).map(y => `Vigencia ${y}`))
    for (const id of ['2024', '2020-2023', '2016-2019']) {
      const links = linkTexts(panel(doc, id))
      expect(
        links.some(t => /ingresos/.test(t)),
        id,
      ).toBe(true)
      expect(
        links.some(t => /gastos/.test(t)),
        id,
      ).toBe(true)
    }
  })
})

describe('contracting', () => {
  it('purchasing plan: a table Año, Descripción, Fecha, Ver covering 2013 to 2025 plus amendments', () => {
    const table = tableOf(renderedPage('/contratacion/adquisiciones'))
    expect(headers(table)).toEqual(['Año', 'Descripción', 'Fecha', 'Ver'])
    const years = column(table, 0)
    expect([...new Set(years)].sort()).toEqual(range(2013, 2025))
    const descriptions = column(table, 1)
    for (const y of range(2013, 2025)) expect(descriptions, y).toContain(`Plan Anual de Adquisiciones vigencia ${y}`)
    expect(descriptions.filter(d => /^Modificación No\. \d+/.test(d)).length).toBeGreaterThan(5)
    for (const d of column(table, 2)) expect(d).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/)
    for (const tr of table.querySelectorAll('tbody tr')) {
      const ver = tr.querySelectorAll('td')[3]!
      expect(text(ver)).toMatch(/^Ver /)
      expect(ver.querySelector('a')?.getAttribute('href')).toMatch(/^\/assets\/.+\.pdf$/)
    }
  })

  it('calls: four from 2023 and one from 2021, with downloads', () => {
    const doc = renderedPage('/contratacion/convocatorias')
    expect(summaries(doc)).toEqual(['2023', '2021'])
    const calls2023 = headings(panel(doc, '2023')).filter(h => /^Convocatoria pública No\. \d+ de 2023$/.test(h))
    expect(calls2023).toHaveLength(4)
    const calls2021 = new Set(
      linkTexts(panel(doc, '2021'))
        .map(t => /No\. (\d+) de 2021/.exec(t)?.[1])
        .filter(Boolean),
    )
    expect(calls2021.size).toBe(1)
    expect(panel(doc, '2021').querySelectorAll('a[href$=".pdf"]').length).toBeGreaterThan(0)
  })

  it('manuals: downloads and a link to the intranet', () => {
    const doc = renderedPage('/contratacion/manuales')
    expect(doc.querySelectorAll('main a[href$=".pdf"]').length).toBeGreaterThan(2)
    expect(linkTexts(doc.querySelector('main')!).some(t => /^Intranet/.test(t))).toBe(true)
  })

  it('execution: yearly files 2018 to 2023 and two public-procurement systems', () => {
    const doc = renderedPage('/contratacion/ejecucion')
    expect(summaries(doc)).toEqual(range(2023, 2018))
    for (const p of panels(doc)) expect(p.querySelectorAll('a[href$=".pdf"]').length, p.id).toBeGreaterThan(0)
    const systems = linkTexts(doc.querySelector('main')!).filter(t => /SECOP|SIA Observa/.test(t))
    expect(systems).toHaveLength(2)
  })

  it('contracting home links to the public procurement portals', () => {
    const links = linkTexts(renderedPage('/contratacion/contratacion').querySelector('main')!)
    expect(links.some(t => t.startsWith('SECOP II'))).toBe(true)
    expect(links.some(t => t.startsWith('Tienda Virtual del Estado Colombiano'))).toBe(true)
  })
})

describe('planning', () => {
  it('the hub links to every planning subpage', () => {
    const doc = renderedPage(`${P}/planeacion`)
    for (const sub of [
      'politicas',
      'manuales1',
      'planes',
      'plan-compras',
      'proyectos',
      'metas',
      'participacion',
      'empalme',
      'relevante',
      'rendicion',
      'informes-gestion',
    ]) {
      expect(doc.querySelector(`main .cuerpo-pagina a[href="${P}/${sub}"]`), sub).not.toBeNull()
    }
  })

  it('projects: construction started on 30 January 2024 with an initial term of 20 months', () => {
    const doc = renderedPage(`${P}/proyectos`)
    const body = text(doc.querySelector('main'))
    expect(body).toMatch(/inició el 30 de enero de 2024, con un plazo inicial de ejecución de 20 meses/)
    const facts = [...doc.querySelectorAll('main .dato')].map(d => `${text(d.querySelector('dt'))}: ${text(d.querySelector('dd'))}`)
    expect(facts).toContain('Inicio de la obra: 30 de enero de 2024')
    expect(facts).toContain('Plazo inicial de ejecución: 20 meses')
    expect(headings(doc)).toEqual(
      expect.arrayContaining(['Construcción del nuevo hospital', 'Dotación de equipos biomédicos', 'Reconstrucción del centro de salud']),
    )
  })

  it('indicators: 2008 to 2019', () => {
    const table = tableOf(renderedPage(`${P}/metas`))
    expect(column(table, 0)).toEqual(range(2019, 2008))
  })

  it('council reports: quarterly, 2020 to 2023', () => {
    const doc = renderedPage(`${P}/relevante`)
    expect(summaries(doc)).toEqual(range(2023, 2020))
    for (const p of panels(doc)) {
      expect(p.querySelectorAll('a[href$=".pdf"]'), p.id).toHaveLength(4)
      expect(text(p)).toMatch(/Primer trimestre.*Segundo trimestre.*Tercer trimestre.*Cuarto trimestre/)
    }
  })

  it('accountability: title, intro, yearly panels 2025 down to 2020 with PDFs and online forms', () => {
    const doc = renderedPage(`${P}/rendicion`)
    expect(text(doc.querySelector('main h1'))).toBe('Rendición de Cuentas a la Ciudadanía')
    expect(text(doc.querySelector('main'))).toMatch(/audiencia pública/)
    expect(summaries(doc)).toEqual(range(2025, 2020))
    const p2025 = linkTexts(panel(doc, '2025')).join(' | ')
    for (const kind of [/Estrategia/, /Reglamento/, /Informe de rendición de cuentas/, /Formato de preguntas/, /Informe de evaluación/])
      expect(p2025).toMatch(kind)
    expect(panel(doc, '2025').querySelector('a[href^="https://"][target="_blank"]')).not.toBeNull()
  })

  it('handover reports and the comptroller reports page', () => {
    expect(renderedPage(`${P}/empalme`).querySelectorAll('main a[href$=".pdf"]').length).toBeGreaterThan(1)
    const doc = renderedPage(`${P}/informes-gestion`)
    expect(text(doc.querySelector('main'))).toMatch(/Contraloría General de la República/)
    // It lives in the reports side menu (informes), not the planning one.
    const menu = doc.querySelector('nav.menu-lateral')
    expect(menu?.getAttribute('aria-label')).toBe('Menú de Informes')
    expect(menu?.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe(`${P}/informes-gestion`)
  })
})

describe('internal control', () => {
  it('control: the office mission and links to informes, reportes, mejoramiento and entes', () => {
    const doc = renderedPage(`${C}/control`)
    expect(text(doc.querySelector('main'))).toMatch(/asesora y acompaña a la alta dirección/)
    for (const sub of ['informes', 'reportes', 'mejoramiento', 'entes']) {
      expect(doc.querySelector(`main .cuerpo-pagina a[href="${C}/${sub}"]`), sub).not.toBeNull()
    }
  })

  it('informes: one panel per year 2025 to 2016 and every category of the spec', () => {
    const doc = renderedPage(`${C}/informes`)
    expect(text(doc.querySelector('main h1'))).toBe('Informes de gestión, evaluación y auditoría')
    expect(summaries(doc)).toEqual(range(2025, 2016))
    const categories = new Set(panels(doc).flatMap(p => headings(p)))
    for (const c of [
      'Auditorías internas',
      'Seguimiento a comités',
      'Seguimiento a PQRSD',
      'Austeridad y eficiencia del gasto público',
      'Informes de gestión de la Oficina de Control Interno',
      'Seguimiento a planes institucionales',
      'Seguimiento al Plan Anticorrupción y de Atención al Ciudadano',
      'Auditoría al SARLAFT',
      'Arqueos de caja',
      'Fomento de la cultura del autocontrol',
      'Evaluación del desempeño',
      'Uso de software legal',
      'Servicios tercerizados',
      'Documentación de vehículos',
      'Certificados FURAG',
      'Informes al Concejo Municipal',
      'Seguimiento a planes de acción',
      'Actas de apertura y cierre de auditoría',
      'Notificaciones y cartas de representación',
    ]) {
      expect(categories.has(c), c).toBe(true)
    }
    const p2024 = text(panel(doc, '2024'))
    expect(p2024).toMatch(/Primer trimestre.*Segundo trimestre.*Tercer trimestre.*Cuarto trimestre/)
    expect(p2024).toMatch(/Primer cuatrimestre.*Segundo cuatrimestre.*Tercer cuatrimestre/)
    for (const p of panels(doc)) expect(p.querySelectorAll('a[href$=".pdf"]').length, p.id).toBeGreaterThan(5)
  })

  it('reportes: ethics code, audit statute and the four panels', () => {
    const doc = renderedPage(`${C}/reportes`)
    expect(text(doc.querySelector('main h1'))).toBe('Reporte de Control Interno')
    const links = linkTexts(doc.querySelector('main')!)
    expect(links.some(t => /^Código de ética del auditor interno/.test(t))).toBe(true)
    expect(links.some(t => /^Estatuto de auditoría interna/.test(t))).toBe(true)
    expect(panels(doc)).toHaveLength(4)
    expect(openPanels(doc)).toHaveLength(1)
    expect(new Set(panels(doc).map(d => d.getAttribute('name'))).size).toBe(1)

    const [state, accounting, programme, committee] = panels(doc).map(p => p.querySelector('table'))
    const stateRows = [...state!.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll('td')].map(td => text(td)))
    const semesters = new Set(stateRows.filter(r => /semestre/.test(r[1]!)).map(r => r[0]))
    expect([...semesters]).toEqual(range(2025, 2016))
    const fourMonth = stateRows.filter(r => /cuatrimestre/.test(r[1]!))
    expect(fourMonth).toHaveLength(12)
    expect([...new Set(fourMonth.map(r => r[0]))].sort()).toEqual(range(2016, 2019))

    expect(column(accounting!, 0)).toEqual(range(2024, 2016))
    expect(column(programme!, 0)).toEqual(range(2025, 2017).filter(y => y !== '2019'))

    const committeeDocs = column(committee!, 1)
    expect(committeeDocs.some(t => /^Resolución 015 de 2021/.test(t))).toBe(true)
    const minutesYears = new Set(committeeDocs.map(t => /^Acta No\. \d+ .*\((\d{4})\)/.exec(t)?.[1]).filter(Boolean))
    expect([...minutesYears].sort()).toEqual(range(2021, 2025))
  })

  it('mejoramiento: comptroller follow-ups 2015 to 2023 and internal follow-up 2021 to 2024', () => {
    const doc = renderedPage(`${C}/mejoramiento`)
    expect(text(doc.querySelector('main h1'))).toBe('Planes de Mejoramiento')
    const [cgr, internal] = doc.querySelectorAll('main table')
    expect([...new Set(column(cgr!, 0))].sort()).toEqual(range(2015, 2023))
    expect([...new Set(column(internal!, 0))].sort()).toEqual(range(2021, 2024))
  })

  it('defensa: cites Ley 1712 de 2014 and lists court processes 2016 to 2019', () => {
    const doc = renderedPage(`${C}/defensa`)
    expect(text(doc.querySelector('main h1'))).toBe('Informes Defensa Pública y Prevención del Daño Jurídico')
    expect(text(doc.querySelector('main'))).toMatch(/Ley 1712 de 2014/)
    expect([...new Set(column(tableOf(doc), 0))].sort()).toEqual(range(2016, 2019))
  })

  it('entes: a table Entidad, Dirección, Control with the seven entities', () => {
    const table = tableOf(renderedPage(`${C}/entes`))
    expect(headers(table)).toEqual(['Entidad', 'Dirección', 'Control'])
    const rows = [...table.querySelectorAll('tbody tr')].map(tr => {
      const cells = tr.querySelectorAll('td')
      const a = cells[0]!.querySelector('a')
      return { entity: (a?.childNodes[0]?.textContent ?? '').trim(), href: a?.getAttribute('href'), address: text(cells[1]), control: text(cells[2]) }
    })
    expect(rows.map(r => [r.entity, r.control])).toEqual([
      ['Superintendencia Nacional de Salud', 'Social'],
      ['Ministerio de Hacienda y Crédito Público', 'Presupuestal'],
      ['Contraloría Departamental', 'Fiscal'],
      ['Procuraduría General de la Nación', 'Fiscal'],
      ['Contaduría General de la Nación', 'Contable'],
      ['Ministerio de Salud y Protección Social', ''],
      ['Oficina de Control Interno', 'Interno'],
    ])
    for (const r of rows) {
      expect(r.href, r.entity).toBeTruthy()
      expect(r.address, r.entity).not.toBe('')
    }
    expect(rows.slice(0, 6).every(r => r.href!.startsWith('https://'))).toBe(true)
  })

  it('vulnerables: web accessibility, physical accessibility and preferential attention', () => {
    const doc = renderedPage(`${C}/vulnerables`)
    expect(text(doc.querySelector('main h1'))).toBe('Poblaciones Vulnerables')
    expect(headings(doc)).toEqual(expect.arrayContaining(['Accesibilidad del sitio web', 'Accesibilidad física', 'Atención al ciudadano']))
    const body = text(doc.querySelector('main'))
    expect(body).toMatch(/NTC 5854/)
    expect(body).toMatch(/Guía de usabilidad de Gobierno en línea/)
    expect(body).toMatch(/talla baja/)
    expect(body).toMatch(/silla de ruedas/)
    expect(body).toMatch(/atención preferencial/)
  })

  it('risk maps: institutional and corruption, 2021 to 2025', () => {
    const doc = renderedPage(`${C}/riesgos`)
    expect(summaries(doc)).toEqual(range(2025, 2021))
    for (const p of panels(doc)) {
      expect(headings(p), p.id).toEqual(['Mapa de riesgos institucional', 'Mapa de riesgos de corrupción'])
    }
  })
})
