import fs from 'node:fs'
import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadManifest, type Manifest } from '../../src/manifest/load.ts'
import type { Seccion } from '../../src/manifest/types.generated.ts'
import { buildPageData, breadcrumbFor } from '../../src/renderer/pageData.ts'
import { prepareSections } from '../../src/renderer/prepare.ts'
import { registry } from '../../src/renderer/registry.tsx'
import { SectionList } from '../../src/renderer/SectionList.tsx'

/** One small manifest section per type, and what a visitor must see from it. */
const SAMPLES: Record<string, { section: Seccion; check: (html: HTMLElement) => void }> = {
  texto: {
    section: { tipo: 'texto', titulo: 'Misión', contenido: 'Prestar **servicios** de salud. Vea [la sede](https://example.org).' },
    check: (h) => {
      expect(h.querySelector('h2')?.textContent).toBe('Misión')
      expect(h.querySelector('strong')?.textContent).toBe('servicios')
      expect(h.querySelector('a')?.getAttribute('target')).toBe('_blank')
    },
  },
  enlaces: {
    section: { tipo: 'enlaces', enlaces: [{ texto: 'Informe', url: '/assets/docs/informe-2024.pdf' }, { texto: 'GOV.CO', url: 'https://www.gov.co' }] },
    check: (h) => {
      expect(h.querySelectorAll('li')).toHaveLength(2)
      expect(h.querySelector('a')?.textContent).toBe('Informe (PDF)')
      expect(h.querySelectorAll('a')[1]?.getAttribute('rel')).toBe('noopener noreferrer')
    },
  },
  mosaicos: {
    section: { tipo: 'mosaicos', mosaicos: [{ titulo: 'Citas', texto: 'Solicite su cita', url: '/grupo/pagina' }] },
    check: (h) => expect(h.querySelector('a.mosaico')?.getAttribute('href')).toBe('/grupo/pagina'),
  },
  tabla: {
    section: { tipo: 'tabla', columnas: ['Entidad', 'Control'], filas: [[{ texto: 'Supersalud', url: 'https://www.supersalud.gov.co' }, 'Social']] },
    check: (h) => {
      expect(h.querySelectorAll('th').map((t) => t.textContent)).toEqual(['Entidad', 'Control'])
      expect(h.querySelectorAll('td')[1]?.textContent).toBe('Social')
    },
  },
  documentos: {
    section: { tipo: 'documentos', fuente: 'informes' },
    check: (h) => {
      expect(h.querySelector('details[open]')?.id).toBe('2024')
      expect(h.querySelector('summary')?.textContent).toBe('2024')
      expect(h.querySelector('small.meta')?.textContent).toBe('1 de marzo de 2024')
    },
  },
  acordeon: {
    section: {
      tipo: 'acordeon',
      abierto: 'b',
      paneles: [
        { id: 'a', titulo: 'Presencial', secciones: [{ tipo: 'texto', titulo: 'Sede', contenido: 'Calle 1' }] },
        { id: 'b', titulo: 'Virtual', secciones: [{ tipo: 'texto', contenido: 'Correo' }] },
      ],
    },
    check: (h) => {
      const panels = h.querySelectorAll('details')
      expect(panels.map((p) => p.getAttribute('open') !== undefined)).toEqual([false, true])
      expect(new Set(panels.map((p) => p.getAttribute('name'))).size).toBe(1)
      expect(h.querySelector('details h3')?.textContent).toBe('Sede')
    },
  },
  datos: {
    section: { tipo: 'datos', datos: [{ valor: 15, etiqueta: 'Camas habilitadas' }] },
    check: (h) => {
      expect(h.querySelector('dt')?.textContent).toBe('Camas habilitadas')
      expect(h.querySelector('.valor')?.textContent).toBe('15')
    },
  },
  video: {
    section: { tipo: 'video', titulo: 'Lavado de manos', url: 'https://www.youtube-nocookie.com/embed/abc', transcripcion: '/assets/docs/informe-2024.pdf' },
    check: (h) => {
      expect(h.querySelector('iframe')).toBeNull()
      expect(h.querySelector('button')?.textContent).toContain('Cargar video')
      expect(h.textContent).toContain('Transcripción del video')
    },
  },
  embebido: {
    section: { tipo: 'embebido', titulo: 'Calendario', url: 'https://calendar.example.org/embed' },
    check: (h) => {
      expect(h.querySelector('iframe')).toBeNull()
      expect(h.querySelector('button')?.textContent).toContain('Cargar contenido')
    },
  },
  imagen: {
    section: { tipo: 'imagen', src: '/assets/docs/foto.png', alt: 'Fachada del hospital', pie: 'Sede principal' },
    check: (h) => {
      expect(h.querySelector('img')?.getAttribute('alt')).toBe('Fachada del hospital')
      expect(h.querySelector('figcaption')?.textContent).toBe('Sede principal')
    },
  },
  preguntas: {
    section: { tipo: 'preguntas', preguntas: [{ pregunta: '¿Qué es el SIAU?', respuesta: 'El **Servicio** de Información y Atención al Usuario.' }] },
    check: (h) => {
      expect(h.querySelector('summary')?.textContent).toBe('¿Qué es el SIAU?')
      expect(h.querySelector('details strong')?.textContent).toBe('Servicio')
    },
  },
  personas: {
    section: { tipo: 'personas', personas: [{ nombre: 'Nombre de muestra', cargo: 'Alcalde municipal', posicion: 'Presidente' }] },
    check: (h) => expect(h.querySelectorAll('td').map((t) => t.textContent)).toEqual(['Nombre de muestra', 'Alcalde municipal', 'Presidente']),
  },
  mapaSitio: {
    section: { tipo: 'mapaSitio' },
    check: (h) => {
      const links = h.querySelectorAll('a').map((a) => a.getAttribute('href'))
      expect(links).toContain('/grupo/pagina')
      expect(links).not.toContain('/grupo')
    },
  },
  carrusel: {
    section: {
      tipo: 'carrusel',
      etiqueta: 'Mensajes destacados',
      diapositivas: [
        { src: '/assets/docs/a.svg', alt: 'Resultados en línea', type: 'image', href: 'https://example.org' },
        { src: '/assets/docs/b.svg', alt: 'Urgencias 24 horas', type: 'image', href: '' },
      ],
    },
    check: (h) => {
      expect(h.querySelector('section')?.getAttribute('aria-roledescription')).toBe('carrusel')
      const slides = h.querySelectorAll('[aria-roledescription="diapositiva"]')
      expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 de 2', '2 de 2'])
      expect(slides.map((s) => s.hasAttribute('hidden'))).toEqual([false, true])
      expect(h.querySelector('a')?.getAttribute('target')).toBe('_blank')
      expect(h.querySelector('button[aria-label="Diapositiva siguiente"]')).not.toBeNull()
    },
  },
  noticias: {
    section: { tipo: 'noticias', vista: 'ultimas' },
    check: (h) => {
      expect(h.querySelector('h2')?.textContent).toBe('Últimas noticias')
      expect(h.textContent).toContain('no hay noticias publicadas')
    },
  },
  busqueda: {
    section: { tipo: 'busqueda' },
    check: (h) => {
      const form = h.querySelector('form[role="search"]')
      expect(form?.getAttribute('action')).toBe('/buscar')
      expect(form?.querySelector('input')?.getAttribute('name')).toBe('q')
      expect(h.querySelector('[role="status"]')).not.toBeNull()
    },
  },
  buscadorNormas: {
    section: { tipo: 'buscadorNormas' },
    check: (h) => {
      expect(h.querySelector('form')?.getAttribute('action')).toBe('/buscar')
      expect(h.querySelector('form')?.getAttribute('method')).toBe('get')
      expect(h.querySelector('input[name="q"]')).not.toBeNull()
      expect(h.querySelector('button')?.textContent).toBe('Buscar')
    },
  },
  accesibilidad: {
    section: { tipo: 'accesibilidad' },
    check: (h) =>
      expect(h.querySelectorAll('button').map((b) => b.textContent)).toEqual([
        'Aumentar letra',
        'Disminuir letra',
        'Restablecer letra',
        'Activar escala de grises',
        'Desactivar escala de grises',
      ]),
  },
  formulario: {
    section: { tipo: 'formulario', formulario: 'contacto' },
    check: (h) => {
      const form = h.querySelector('form')
      expect(form?.hasAttribute('novalidate')).toBe(true)
      expect(form?.getAttribute('action')).toBe('/api/contacto')
      expect(h.querySelector('h2')?.textContent).toBe('Formulario de contacto')
      // Lookup options are in the HTML, so the form is complete without JavaScript.
      expect(h.querySelectorAll('select option').map((o) => o.textContent)).toEqual(['Seleccione…', 'Primera', 'Segunda'])
      expect(h.querySelector('label[for="contacto-nombre"]')?.textContent).toBe('Nombre *')
      expect(h.querySelector('#contacto-nombre')?.getAttribute('aria-describedby')).toBe('contacto-nombre-ayuda')
      expect(h.querySelector('#contacto-acepto')?.getAttribute('type')).toBe('checkbox')
      // Nothing is marked invalid before the visitor touches a field.
      expect(h.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0)
    },
  },
  evaluacion: {
    section: { tipo: 'evaluacion', formulario: 'cuestionario', clave: ['A'] },
    check: (h) => {
      expect(h.querySelector('form')?.getAttribute('method')).toBe('dialog')
      expect(h.querySelector('fieldset legend')?.textContent).toBe('1. ¿Verdadero o falso? *')
      expect(h.querySelectorAll('input[type="radio"]')).toHaveLength(2)
      expect(h.querySelector('dialog')).not.toBeNull()
      expect(h.querySelector('dialog')?.hasAttribute('open')).toBe(false)
    },
  },
  acceso: {
    section: { tipo: 'acceso', intranet: 'https://intranet.example.org', mensaje: 'Ingrese por la intranet.' },
    check: (h) => {
      expect(h.querySelector('input[type="password"]')).not.toBeNull()
      expect(h.querySelector('input[type="checkbox"]')).not.toBeNull()
      expect(h.querySelector('button')?.textContent).toBe('Ingresar')
      // The inputs have no name: nothing typed is ever sent.
      expect(h.querySelectorAll('input[name]')).toHaveLength(0)
    },
  },
}

let manifest: Manifest

beforeAll(() => {
  process.env.PUBLIC_DIR = path.resolve('tests/fixtures/public-min')
  manifest = loadManifest(path.resolve('tests/fixtures/manifest-min')).manifest
})

function render(section: Seccion): HTMLElement {
  return parse(renderToStaticMarkup(<SectionList sections={prepareSections([section], manifest)} />))
}

describe('generic renderer', () => {
  it('has a component and a rendering sample for every section type of the schema', () => {
    const schema = JSON.parse(fs.readFileSync('schemas/page.schema.json', 'utf8'))
    const types = (schema.$defs.seccion.oneOf as Array<{ $ref: string }>).map((r) => schema.$defs[r.$ref.split('/').pop()!].properties.tipo.const as string)
    expect(Object.keys(registry).sort()).toEqual([...types].sort())
    expect(Object.keys(SAMPLES).sort()).toEqual([...types].sort())
  })

  for (const [type, sample] of Object.entries(SAMPLES)) {
    it(`renders a «${type}» section`, () => sample.check(render(sample.section)))
  }

  it('builds the breadcrumb from route labels and skips missing ancestors', () => {
    expect(breadcrumbFor(manifest, '/grupo/pagina')).toEqual([
      { label: 'Inicio', url: '/' },
      { label: 'Grupo', url: '/grupo' },
      { label: 'Página', url: '/grupo/pagina' },
    ])
  })

  it('page data carries the side menu and the redirect target', () => {
    expect(buildPageData(manifest, '/grupo/pagina').sideMenu?.titulo).toBe('Grupo')
    expect(buildPageData(manifest, '/grupo').redirigirA).toBe('/grupo/pagina')
  })
})
