/**
 * Every route of both route tables of the specification
 * (interactive-behaviour-and-api.md §2 and static-content-pages.md §2)
 * is pre-rendered with its breadcrumb label and a heading; every empty
 * group path redirects to the group's main child.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { isPrerendered, renderedPage, text, type HTMLElement } from '../helpers/builtSite.ts'

/** Content routes, grouped as in the spec's route table. */
const CONTENT_ROUTES: Record<string, string[]> = {
  home: ['/'],
  buscar: ['/buscar'],
  hospital: [
    '/hospital/hospital',
    '/hospital/historia',
    '/hospital/junta',
    '/hospital/services',
    '/hospital/sedes',
    '/hospital/procesos',
    '/hospital/organigrama',
    '/hospital/directorio',
    '/hospital/entidades',
    '/hospital/agremiaciones',
    '/hospital/ofertas',
    '/hospital/th',
    '/hospital/mipg',
  ],
  services: ['/services/services', '/services/hospitalizacion', '/services/urgencias', '/services/pyp', '/services/iamii', '/services/tab', '/services/apoyo'],
  notices: ['/notices/all'],
  normatividad: [
    '/normatividad/normatividad',
    '/normatividad/acuerdos',
    '/normatividad/decretos',
    '/normatividad/circulares',
    '/normatividad/resoluciones',
    '/normatividad/busqueda-normas',
  ],
  atencion: [
    '/atencion/atencion',
    '/atencion/servicio-al-publico',
    '/atencion/contacto',
    '/atencion/preguntas',
    '/atencion/glosario',
    '/atencion/calendario',
    '/atencion/derechos',
    '/atencion/datos',
    '/atencion/infantil',
    '/atencion/estudios',
    '/atencion/adicional',
    '/atencion/tramites',
    '/atencion/mujeres',
  ],
  contratacion: [
    '/contratacion/contratacion',
    '/contratacion/convocatorias',
    '/contratacion/adquisiciones',
    '/contratacion/manuales',
    '/contratacion/ejecucion',
  ],
  'nuestra-gestion': [
    // The empty path of this group shows the general budget (not a redirect).
    '/nuestra-gestion',
    '/nuestra-gestion/estados-financieros',
    '/nuestra-gestion/ejecuciones-presupuestales',
    '/nuestra-gestion/gestion-documental',
    '/nuestra-gestion/planeacion/planeacion',
    '/nuestra-gestion/planeacion/politicas',
    '/nuestra-gestion/planeacion/manuales1',
    '/nuestra-gestion/planeacion/planes',
    '/nuestra-gestion/planeacion/rendicion',
    '/nuestra-gestion/planeacion/plan-compras',
    '/nuestra-gestion/planeacion/proyectos',
    '/nuestra-gestion/planeacion/empalme',
    '/nuestra-gestion/planeacion/relevante',
    '/nuestra-gestion/planeacion/metas',
    '/nuestra-gestion/planeacion/participacion',
    '/nuestra-gestion/planeacion/informes-gestion',
    '/nuestra-gestion/control/control',
    '/nuestra-gestion/control/informes',
    '/nuestra-gestion/control/reportes',
    '/nuestra-gestion/control/riesgos',
    '/nuestra-gestion/control/mejoramiento',
    '/nuestra-gestion/control/defensa',
    '/nuestra-gestion/control/entes',
    '/nuestra-gestion/control/vulnerables',
  ],
  participa: [
    '/participa/participa',
    '/participa/comite-etica',
    '/participa/diagnostico',
    '/participa/presupuestoparticipativo',
    '/participa/consultaciudadana',
    '/participa/colaboracion',
    '/participa/controlsocial',
  ],
  induccion: [
    '/induccion/intro',
    '/induccion/modulo1',
    '/induccion/modulo1/servicios-sedes',
    '/induccion/modulo1/modelo',
    '/induccion/modulo1/talento-humano',
    '/induccion/modulo2',
    '/induccion/modulo3',
    '/induccion/modulo4',
    '/induccion/modulo5',
  ],
  'single pages': ['/pqrsd', '/pqrsd/consulta', '/citas', '/historia-clinica', '/acceder', '/transparencia', '/accesibilidad'],
  // Linked from every page's footer (issue "Every page of the specification").
  footer: ['/mapa-del-sitio'],
}

/** Empty group paths and /home: each redirects to the group's main child. */
const REDIRECTS: Record<string, string> = {
  '/home': '/',
  '/hospital': '/hospital/hospital',
  '/services': '/services/services',
  '/notices': '/notices/all',
  '/normatividad': '/normatividad/normatividad',
  '/atencion': '/atencion/contacto',
  '/contratacion': '/contratacion/contratacion',
  '/nuestra-gestion/planeacion': '/nuestra-gestion/planeacion/planeacion',
  '/nuestra-gestion/control': '/nuestra-gestion/control/control',
  '/participa': '/participa/participa',
  '/induccion': '/induccion/intro',
}

const labels = new Map(loadManifest(path.resolve('manifest')).manifest.pages.map(p => [p.data.ruta, p.data.etiqueta]))

function lastCrumb(doc: HTMLElement): HTMLElement | null {
  return doc.querySelector('nav[aria-label="Ruta de navegación"] [aria-current="page"]')
}

function checkBreadcrumb(route: string): HTMLElement {
  expect(isPrerendered(route), `${route} is not pre-rendered`).toBe(true)
  const doc = renderedPage(route)
  // The home page has no breadcrumb: «Inicio» alone leads nowhere (docs/decisions/accessibility.md).
  if (route === '/') {
    expect(doc.querySelector('nav[aria-label="Ruta de navegación"]')).toBeNull()
    return doc
  }
  const crumb = lastCrumb(doc)
  expect(crumb, `${route} has no current breadcrumb item`).not.toBeNull()
  const label = labels.get(route)
  expect(label, `${route} has no configured label in manifest/pages`).toBeTruthy()
  expect(text(crumb)).toBe(label)
  expect(crumb!.getAttribute('href')).toBe(route)
  // Inicio, then the route's own label (and any ancestors in between).
  const items = doc.querySelectorAll('nav[aria-label="Ruta de navegación"] li')
  expect(items.length).toBeGreaterThanOrEqual(2)
  expect(text(items[0])).toBe(labels.get('/') ?? 'Inicio')
  // The phones' one-line breadcrumb is the parent's link: the item before the current one.
  const parent = items[items.length - 2]!.querySelector('a')!
  const phoneLink = doc.querySelector('nav[aria-label="Ruta de navegación"] > a.migas-superior')
  expect(phoneLink?.getAttribute('href')).toBe(parent.getAttribute('href'))
  expect(text(phoneLink)).toBe(text(parent))
  return doc
}

for (const [group, routes] of Object.entries(CONTENT_ROUTES)) {
  describe(`group ${group}`, () => {
    for (const route of routes) {
      it(`${route} is pre-rendered with its breadcrumb label and a heading`, () => {
        const doc = checkBreadcrumb(route)
        const h1s = doc.querySelectorAll('h1')
        expect(h1s.length).toBe(1)
        expect(text(h1s[0])).not.toBe('')
        expect(doc.querySelector('meta[http-equiv="refresh"]')).toBeNull()
      })
    }
  })
}

describe('group redirects', () => {
  for (const [route, target] of Object.entries(REDIRECTS)) {
    it(`${route} redirects to ${target}`, () => {
      const doc = checkBreadcrumb(route)
      const refresh = doc.querySelector('meta[http-equiv="refresh"]')
      expect(refresh?.getAttribute('content')).toBe(`0; url=${target}`)
      // A plain link keeps the target reachable without automatic refresh.
      expect(doc.querySelector(`.cuerpo-pagina a[href="${target}"]`)).not.toBeNull()
    })
  }
})
