/**
 * What a citizen sees on the hospital, services, norms, citizen-service,
 * participation, transparency and induction pages: accordions and their
 * initially open panel, table columns, the spec's business constants and
 * year ranges, all read from the pre-rendered HTML.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderedPage, text, type HTMLElement } from '../helpers/builtSite.ts'

/** The panels of the content accordions (the header's collapsible menu is not one). */
function accordionPanels(doc: HTMLElement): HTMLElement[] {
  return [...doc.querySelectorAll('.cuerpo-pagina details[name]')]
}

function summaryOf(panel: HTMLElement): string {
  return text(panel.querySelector('summary'))
}

/** Key facts (`datos` sections): label → value as shown. */
function facts(doc: HTMLElement): Map<string, string> {
  const out = new Map<string, string>()
  for (const d of doc.querySelectorAll('.datos-clave .dato')) out.set(text(d.querySelector('dt')), text(d.querySelector('.valor')))
  return out
}

function headers(table: HTMLElement | null): string[] {
  return [...(table?.querySelectorAll('thead th') ?? [])].map(th => text(th))
}

function bodyRows(table: HTMLElement | null): string[][] {
  return [...(table?.querySelectorAll('tbody tr') ?? [])].map(tr => [...tr.querySelectorAll('td')].map(td => text(td)))
}

/** A section of the page by its heading text. */
function sectionTitled(root: HTMLElement, title: string | RegExp): HTMLElement {
  const found = [...root.querySelectorAll('section')].find(s => {
    const h = s.querySelector('h2, h3, h4')
    return h && (typeof title === 'string' ? text(h) === title : title.test(text(h)))
  })
  if (!found) throw new Error(`no section titled ${String(title)}`)
  return found
}

function mainText(doc: HTMLElement): string {
  return text(doc.querySelector('.cuerpo-pagina'))
}

function yearsOfColumn(table: HTMLElement | null, column: string): number[] {
  const i = headers(table).indexOf(column)
  expect(i).toBeGreaterThanOrEqual(0)
  return bodyRows(table).map(r => Number(r[i]))
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k)
}

function expectAssetExists(href: string | null | undefined): void {
  expect(href).toMatch(/^\/assets\/[a-z0-9/-]+\.pdf$/)
  expect(fs.existsSync(path.resolve('public', href!.slice(1))), `${href} missing in public/`).toBe(true)
}

describe('accordions', () => {
  it('contacto: three channel panels (in person, phone, virtual), one group, the third open initially', () => {
    const doc = renderedPage('/atencion/contacto')
    const panels = accordionPanels(doc)
    expect(panels.map(summaryOf)).toEqual(['Atención presencial', 'Atención telefónica', 'Atención virtual'])
    expect(new Set(panels.map(p => p.getAttribute('name'))).size).toBe(1)
    expect(panels.map(p => p.hasAttribute('open'))).toEqual([false, false, true])
    expect(text(panels[2])).toMatch(/PQRSD|peticiones, quejas/i)
  })

  it('mipg: four panels in one group, none open initially (the spec gives no initial panel)', () => {
    const doc = renderedPage('/hospital/mipg')
    const panels = accordionPanels(doc)
    expect(panels).toHaveLength(4)
    expect(new Set(panels.map(p => p.getAttribute('name'))).size).toBe(1)
    expect(panels.filter(p => p.hasAttribute('open'))).toHaveLength(0)
    const titles = panels.map(summaryOf)
    expect(titles[0]).toMatch(/Marco institucional/)
    expect(titles[1]).toMatch(/Actas.*2022 a 2024/)
    expect(titles[2]).toMatch(/FURAG 2018 a 2023/)
    expect(titles[3]).toMatch(/Políticas/)
    // Every panel holds downloadable files only (the open-data copies beside a list are tested in open-data.test.ts).
    for (const p of panels) {
      const links = [...p.querySelectorAll('a')].filter(a => !a.getAttribute('href')?.startsWith('/datos-abiertos/'))
      expect(links.length).toBeGreaterThan(0)
      for (const a of links) expectAssetExists(a.getAttribute('href'))
    }
  })

  // The spec's nine panels became the ten categories of Resolución 1519 de 2020, Anexo 2 (see docs/decisions/transparency-and-identity.md).
  it("transparencia: the annex's ten numbered categories in one group, none open initially, every numeral answered", () => {
    const doc = renderedPage('/transparencia')
    const panels = accordionPanels(doc)
    expect(panels).toHaveLength(10)
    expect(new Set(panels.map(p => p.getAttribute('name'))).size).toBe(1)
    expect(panels.filter(p => p.hasAttribute('open'))).toHaveLength(0)
    panels.forEach((p, i) => {
      expect(summaryOf(p).startsWith(`${i + 1}.`)).toBe(true)
      expect(p.querySelector('summary h2'), summaryOf(p)).not.toBeNull()
    })
    // Every numeral without sub-items shows links or «No aplica» with its reason.
    const leaves = doc.querySelectorAll('.arbol-transparencia li').filter(li => !li.querySelector('li'))
    expect(leaves.length).toBeGreaterThan(60)
    for (const li of leaves) expect(li.querySelector('a') ?? li.querySelector('.no-aplica'), text(li)).not.toBeNull()
    expect(text(doc.querySelector('#numeral-10-1'))).toMatch(/No aplica: .*entidades territoriales/)
    expect(text(doc.querySelector('#numeral-2-1-6 .nombre-numeral'))).toBe('2.1.6 Agenda regulatoria')
    expect(text(doc.querySelector('#numeral-2-1-6 .no-aplica'))).toMatch(/^No aplica: .*Decreto 1081 de 2015/)
    const hrefs = panels.flatMap(p => [...p.querySelectorAll('a')].map(a => a.getAttribute('href')))
    for (const route of [
      '/accesibilidad',
      '/atencion/glosario',
      '/hospital/mipg',
      '/normatividad/normatividad',
      '/contratacion/adquisiciones',
      '/nuestra-gestion',
      '/participa/participa',
      '/atencion/datos#registro-activos-informacion',
      '/atencion/decisiones',
      '/hospital/hojas-de-vida',
      '/normatividad/proyectos-normas',
      '/contratacion/modelos',
      '/atencion/costos-reproduccion',
      '/atencion/registro-publicaciones',
      '/hospital/escala-salarial',
      '/contratacion/contratistas',
      '/hospital/declaraciones',
      '/atencion/notificaciones',
      'https://www.suin-juriscol.gov.co',
    ]) {
      expect(hrefs).toContain(route)
    }
  })

  it('transparencia: the satisfaction survey is an external link opening away from the site', () => {
    const doc = renderedPage('/transparencia')
    const survey = [...doc.querySelectorAll('.cuerpo-pagina a')].find(a => /encuesta de satisfacción/i.test(text(a)))
    expect(survey?.getAttribute('href')).toMatch(/^https:\/\//)
    expect(survey?.getAttribute('target')).toBe('_blank')
    expect(survey?.getAttribute('rel')).toContain('noopener')
  })
})

describe('norms tables', () => {
  const NORMS = ['/normatividad/normatividad', '/normatividad/acuerdos', '/normatividad/decretos', '/normatividad/circulares', '/normatividad/resoluciones']
  for (const route of NORMS) {
    it(`${route}: a table with columns Nombre, Descripción, Fecha and a link to the document`, () => {
      const doc = renderedPage(route)
      const tables = doc.querySelectorAll('.cuerpo-pagina table')
      expect(tables).toHaveLength(1)
      const table = tables[0]!
      expect(headers(table)).toEqual(['Nombre', 'Descripción', 'Fecha', 'Documento'])
      const rows = [...table.querySelectorAll('tbody tr')]
      expect(rows.length).toBeGreaterThanOrEqual(3)
      for (const tr of rows) {
        const cells = [...tr.querySelectorAll('td')]
        expect(cells).toHaveLength(4)
        expect(text(cells[0])).not.toBe('')
        expect(text(cells[1])).not.toBe('')
        expect(text(cells[2])).toMatch(/\d{4}/)
        const link = cells[3]!.querySelector('a')
        expect(text(link)).toMatch(/^Ver/)
        expectAssetExists(link!.getAttribute('href'))
      }
    })
  }

  it('the agreements table holds the E.S.E. creation agreement 031 of 15 September 1999', () => {
    const rows = bodyRows(renderedPage('/normatividad/acuerdos').querySelector('.cuerpo-pagina table'))
    const row = rows.find(r => r[0] === 'Acuerdo 031 de 1999')
    expect(row?.[2]).toMatch(/15.*09.*1999|15 de septiembre de 1999/)
  })
})

describe('hospital', () => {
  it('platform: mission, vision, value proposition, principles, values, motto, logo meaning, functions and history', () => {
    const doc = renderedPage('/hospital/hospital')
    for (const title of ['Misión', 'Visión', 'Propuesta de valor', 'Principios', 'Valores', 'Lema', 'Significado del logo', 'Funciones', 'Historia']) {
      expect(text(sectionTitled(doc, title).querySelector('.texto')), title).not.toBe('')
    }
  })

  it('junta: name, role and board position for the six institutional roles', () => {
    const table = renderedPage('/hospital/junta').querySelector('.seccion-personas table')
    expect(headers(table)).toEqual(['Nombre', 'Cargo', 'Posición en la junta'])
    const rows = bodyRows(table)
    expect(rows).toHaveLength(6)
    const roles = rows.map(r => `${r[1]} | ${r[2]}`)
    expect(roles[0]).toMatch(/Alcalde.*\| Presidente/)
    expect(roles.some(r => /Secretari[oa].*Salud/i.test(r))).toBe(true)
    expect(roles.some(r => /Gerente.*\| Secretari/.test(r))).toBe(true)
    expect(roles.some(r => /administrativ/i.test(r))).toBe(true)
    expect(roles.some(r => /médic/i.test(r))).toBe(true)
    expect(roles.some(r => /usuarios/i.test(r))).toBe(true)
    for (const r of rows) expect(r[0]).not.toBe('')
  })

  it('sedes: three care sites with site code, address, hours and phone', () => {
    const table = renderedPage('/hospital/sedes').querySelector('.cuerpo-pagina table')
    const cols = headers(table)
    for (const c of ['Código de sede', 'Dirección', 'Horario', 'Teléfono']) expect(cols).toContain(c)
    const rows = bodyRows(table)
    expect(rows).toHaveLength(3)
    const code = cols.indexOf('Código de sede')
    expect(new Set(rows.map(r => r[code])).size).toBe(3)
    for (const r of rows) for (const cell of r) expect(cell).not.toBe('')
  })

  it('procesos: 21 processes and 19 subprocesses in 5 categories, counted from the map', () => {
    const doc = renderedPage('/hospital/procesos')
    const categories = [...doc.querySelectorAll('.seccion-texto')].filter(s => /^Procesos /.test(text(s.querySelector('h2'))))
    expect(categories).toHaveLength(5)
    let processes = 0
    let subprocesses = 0
    for (const c of categories) {
      const top = c.querySelector('.texto > ul')!
      processes += [...top.children].filter(li => li.tagName === 'LI').length
      subprocesses += top.querySelectorAll('li li').length
    }
    expect(processes).toBe(21)
    expect(subprocesses).toBe(19)
    const f = facts(doc)
    expect(f.get('Procesos')).toBe('21')
    expect(f.get('Subprocesos')).toBe('19')
    expect(f.get('Categorías')).toBe('5')
  })

  it('mipg: committee minutes cover 2022 to 2024 and FURAG results 2018 to 2023 (19 policies); 11 policies', () => {
    const doc = renderedPage('/hospital/mipg')
    const actas = doc.querySelector('#mipg-actas table')
    expect([...new Set(yearsOfColumn(actas, 'Año'))].sort()).toEqual(range(2022, 2024))
    const furag = doc.querySelector('#mipg-furag table')
    expect([...new Set(yearsOfColumn(furag, 'Año'))].sort()).toEqual(range(2018, 2023))
    expect(text(doc.querySelector('#mipg-furag'))).toMatch(/19 políticas/)
    expect(doc.querySelectorAll('#mipg-politicas .lista-documentos li a')).toHaveLength(11)
  })

  it('portfolio page embeds the services portfolio PDF', () => {
    const obj = renderedPage('/hospital/services').querySelector('object[type="application/pdf"]')
    expectAssetExists(obj?.getAttribute('data') ?? null)
  })
})

describe('services', () => {
  it('outpatient: Monday to Friday 7:00-12:00 and 14:00-18:00, arrive 20 minutes before', () => {
    const f = facts(renderedPage('/services/services'))
    expect(f.get('Días de atención')).toBe('Lunes a viernes')
    expect(f.get('Jornada de la mañana')).toBe('7:00 - 12:00')
    expect(f.get('Jornada de la tarde')).toBe('14:00 - 18:00')
    expect(f.get('Llegue antes de su cita')).toBe('20 minutos')
  })

  it('hospitalisation: 15 beds (8 general adult, 6 general paediatric, 1 obstetric); visits discouraged under 12', () => {
    const doc = renderedPage('/services/hospitalizacion')
    const f = facts(doc)
    expect(f.get('Camas habilitadas')).toBe('15')
    expect(f.get('Camas generales de adultos')).toBe('8')
    expect(f.get('Camas generales pediátricas')).toBe('6')
    expect(f.get('Cama obstétrica')).toBe('1')
    expect(8 + 6 + 1).toBe(Number(f.get('Camas habilitadas')))
    expect(text(sectionTitled(doc, 'Visitas'))).toMatch(/menores de 12 años/)
  })

  it('urgencies: 24 hours, 7 days; triage I to V with their waiting times', () => {
    const doc = renderedPage('/services/urgencias')
    const f = facts(doc)
    expect(f.get('Atención de urgencias')).toBe('24 horas')
    expect(f.get('Todos los días de la semana, incluidos festivos')).toBe('7 días')
    const table = sectionTitled(doc, 'Niveles de triage y tiempos de atención').querySelector('table')
    const cols = headers(table)
    const level = cols.indexOf('Triage')
    const time = cols.indexOf('Tiempo de atención')
    const rows = bodyRows(table).map(r => [r[level], r[time]])
    expect(rows).toEqual([
      ['I', 'Inmediata'],
      ['II', 'Hasta 30 minutos'],
      ['III', 'Hasta 60 minutos'],
      ['IV', '90 a 120 minutos'],
      ['V', '90 a 120 minutos'],
    ])
  })

  it('assisted transport: three basic ambulances, 24 hours', () => {
    const f = facts(renderedPage('/services/tab'))
    expect(f.get('Ambulancias básicas')).toBe('3')
    expect(f.get('Servicio disponible, 7 días a la semana')).toBe('24 horas')
  })

  it('specific protection and early detection is free of charge', () => {
    expect(facts(renderedPage('/services/pyp')).get('Sin costo para el usuario')).toBe('Gratuito')
  })
})

describe('citizen service', () => {
  it('FAQ: every topic the spec lists, with the spec appointment windows and hours', () => {
    const doc = renderedPage('/atencion/preguntas')
    const items = [...doc.querySelectorAll('.seccion-preguntas details')].map(d => ({ q: summaryOf(d), a: text(d.querySelector('.texto')) }))
    const topics: RegExp[] = [
      /NIT/,
      /gerente/i,
      /queja/i,
      /solicito una cita/i,
      /resultados de laboratorio/i,
      /prepar.*exámenes|exámenes.*prepar/i,
      /historia clínica/i,
      /SIAU/,
      /horario/i,
      /a quién atiende/i,
      /COVID/,
      /triage/i,
      /menor de edad.*acompañante/i,
    ]
    for (const t of topics)
      expect(
        items.some(i => t.test(i.q)),
        String(t),
      ).toBe(true)
    const citas = items.find(i => /solicito una cita/i.test(i.q))!.a
    expect(citas).toMatch(/lunes a jueves de 7:00 a 8:00/)
    expect(citas).toMatch(/Telefónica: de lunes a jueves de 2:00 a 4:00/)
    expect(citas).toMatch(/lunes a viernes de 8:00 a 11:00 a\. m\. y de 2:00 a 4:00 p\. m\./)
    expect(citas).toMatch(/Personas mayores: de lunes a jueves de 8:00 a 11:00/)
    expect(citas).toMatch(/crónicos: los viernes/)
    expect(citas).toMatch(/rural: de lunes a viernes, sin cita/)
    const horario = items.find(i => /horario/i.test(i.q))!.a
    expect(horario).toMatch(/lunes a viernes de 7:00 a 12:00 y de 14:00 a 18:00/)
    expect(horario).toMatch(/lunes a sábado de 7:00 a 18:00/)
    const triage = items.find(i => /triage/i.test(i.q))!.a
    for (const level of ['I', 'II', 'III', 'IV', 'V']) expect(triage).toContain(`Triage ${level} (`)
    const videos = doc.querySelectorAll('.seccion-preguntas a[href^="https://www.youtube-nocookie.com/embed/"]')
    expect(videos.length).toBeGreaterThanOrEqual(1)
  })

  it('open data: external portal, information-assets register, classified and reserved index, publication scheme', () => {
    const links = [...renderedPage('/atencion/datos').querySelectorAll('.seccion-enlaces a')]
    const portal = links.find(a => /datos abiertos/i.test(text(a)))
    expect(portal?.getAttribute('href')).toMatch(/^https:\/\//)
    expect(portal?.getAttribute('target')).toBe('_blank')
    for (const name of [/activos de información/i, /clasificada y reservada/i, /esquema de publicación/i]) {
      const a = links.find(l => name.test(text(l)))
      expectAssetExists(a?.getAttribute('href') ?? null)
    }
  })

  it('children: six click-to-load videos and the lists of rights and duties', () => {
    const doc = renderedPage('/atencion/infantil')
    expect(doc.querySelectorAll('.seccion-video')).toHaveLength(6)
    expect(doc.querySelectorAll('.cuerpo-pagina iframe')).toHaveLength(0)
    expect(sectionTitled(doc, /Derechos/).querySelectorAll('li').length).toBeGreaterThanOrEqual(5)
    expect(sectionTitled(doc, /Deberes/).querySelectorAll('li').length).toBeGreaterThanOrEqual(5)
  })

  it('women: three click-to-load videos and health tips', () => {
    const doc = renderedPage('/atencion/mujeres')
    expect(doc.querySelectorAll('.seccion-video')).toHaveLength(3)
    expect(doc.querySelectorAll('.cuerpo-pagina iframe')).toHaveLength(0)
    expect(sectionTitled(doc, /Consejos/).querySelectorAll('li').length).toBeGreaterThanOrEqual(3)
  })

  it('calendar: the external calendar loads only on request', () => {
    const doc = renderedPage('/atencion/calendario')
    expect(doc.querySelectorAll('.cuerpo-pagina iframe')).toHaveLength(0)
    expect(doc.querySelector('.seccion-embebido button')).not.toBeNull()
  })

  it('rights and duties of users', () => {
    const doc = renderedPage('/atencion/derechos')
    expect(sectionTitled(doc, /Derechos/).querySelectorAll('li').length).toBeGreaterThanOrEqual(5)
    expect(sectionTitled(doc, /Deberes/).querySelectorAll('li').length).toBeGreaterThanOrEqual(5)
  })

  it('PQRSD follow-up gives in-person, telephone and email channels', () => {
    const doc = renderedPage('/pqrsd/consulta')
    expect(text(sectionTitled(doc, 'Presencial'))).toMatch(/SIAU/)
    expect(sectionTitled(doc, 'Telefónico').querySelector('a[href^="tel:"]')).not.toBeNull()
    expect(sectionTitled(doc, 'Correo electrónico').querySelector('a[href^="mailto:"]')).not.toBeNull()
  })
})

describe('participa', () => {
  it('six tiles to the participation subpages and three attention channels', () => {
    const doc = renderedPage('/participa/participa')
    const tiles = [...doc.querySelectorAll('.mosaicos a')].map(a => a.getAttribute('href'))
    expect(tiles).toEqual([
      '/participa/comite-etica',
      '/participa/diagnostico',
      '/participa/presupuestoparticipativo',
      '/participa/consultaciudadana',
      '/participa/colaboracion',
      '/participa/controlsocial',
    ])
    expect(sectionTitled(doc, 'Canales de atención').querySelectorAll('li')).toHaveLength(3)
  })
})

describe('induction course', () => {
  it('module 1 sites and services: agreement 031 of 15 September 1999, three sites, links, portfolio PDF, video', () => {
    const doc = renderedPage('/induccion/modulo1/servicios-sedes')
    const t = mainText(doc)
    expect(t).toMatch(/Acuerdo 031 del 15 de septiembre de 1999/)
    expect(t).toMatch(/tres sedes de atención/)
    const hrefs = [...doc.querySelectorAll('.cuerpo-pagina a')].map(a => a.getAttribute('href') ?? '')
    for (const r of ['/hospital/sedes', '/services/services', '/services/iamii']) expect(hrefs).toContain(r)
    expectAssetExists(hrefs.find(h => /portafolio/.test(h)) ?? null)
    expect(doc.querySelectorAll('.seccion-video')).toHaveLength(1)
  })

  it('module 1: board of directors with roles and the functions manual', () => {
    const doc = renderedPage('/induccion/modulo1')
    expect(bodyRows(doc.querySelector('.seccion-personas table'))).toHaveLength(6)
    const manual = [...doc.querySelectorAll('.cuerpo-pagina a')].find(a => /manual.*funciones/i.test(text(a)))
    expectAssetExists(manual?.getAttribute('href') ?? null)
  })

  it('module 2: 21 processes, 19 subprocesses, 5 categories; quarterly follow-up; development plan 2024-2027 with three axes', () => {
    const doc = renderedPage('/induccion/modulo2')
    const f = facts(doc)
    expect([f.get('Procesos'), f.get('Subprocesos'), f.get('Categorías')]).toEqual(['21', '19', '5'])
    expect(text(sectionTitled(doc, /Planes de acción/))).toMatch(/seguimiento trimestral/)
    expect(sectionTitled(doc, /Plan de desarrollo institucional 2024-2027/).querySelectorAll('ol > li')).toHaveLength(3)
  })

  it('module 3: contractor requirements PDF and the invoice package of two identical copies of 4 documents', () => {
    const doc = renderedPage('/induccion/modulo3')
    const req = [...doc.querySelectorAll('.cuerpo-pagina a')].find(a => /requisitos/i.test(text(a)))
    expectAssetExists(req?.getAttribute('href') ?? null)
    const pkg = sectionTitled(doc, /cuenta de cobro/)
    expect(text(pkg)).toMatch(/dos copias idénticas/)
    expect(pkg.querySelectorAll('ol > li')).toHaveLength(4)
  })

  it('module 4: external MIPG, SARLAFT, integrity and public-managers courses; certificates emailed to human talent', () => {
    const doc = renderedPage('/induccion/modulo4')
    const courses = [...sectionTitled(doc, 'Cursos').querySelectorAll('a')]
    expect(courses).toHaveLength(4)
    for (const a of courses) expect(a.getAttribute('target')).toBe('_blank')
    const names = courses.map(a => text(a)).join(' | ')
    for (const n of [/MIPG/, /SARLAFT/, /integridad/i, /gerentes públicos/i]) expect(names).toMatch(n)
    expect(doc.querySelector('.cuerpo-pagina a[href^="mailto:talentohumano@"]')).not.toBeNull()
  })
})
