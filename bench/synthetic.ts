import fs from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'

/**
 * Writes a synthetic site (manifest + public) of `pages` pages sharing
 * `rows` document rows, each row linking to a real (tiny) PDF, so
 * validation and pre-rendering are measured on realistic work.
 */
export function writeSyntheticSite(dir: string, pages: number, rows: number, pdf: Uint8Array): { manifestDir: string; publicDir: string } {
  const manifestDir = path.join(dir, 'manifest')
  const publicDir = path.join(dir, 'public')
  fs.rmSync(dir, { recursive: true, force: true })
  for (const sub of ['pages', 'documents', 'forms', 'news']) fs.mkdirSync(path.join(manifestDir, sub), { recursive: true })
  fs.cpSync('manifest/forms', path.join(manifestDir, 'forms'), { recursive: true })
  const site = {
    nombre: 'Hospital sintético',
    nombreCorto: 'Sintético',
    ultimaActualizacion: '2026-01-01',
    barraSuperior: [{ texto: 'GOV.CO', url: 'https://www.gov.co' }],
    menu: [{ texto: 'Inicio', url: '/' }],
    menusLaterales: {
      sintetico: { titulo: 'Sección', enlaces: Array.from({ length: 10 }, (_, i) => ({ texto: `Página ${i + 1}`, url: `/sintetico/p-${i + 1}` })) },
    },
    contacto: { telefonos: { urgencias: { etiqueta: 'Urgencias', numero: '123' } } },
    pie: {
      direccion: 'Calle 1',
      telefonos: ['urgencias'],
      correspondencia: { direccion: 'Calle 1', horario: 'Lunes a viernes' },
      correos: [],
      enlacesGobierno: [],
      politicas: [],
      redes: [],
      mapaSitio: '/',
      politicaDatos: 'https://www.gov.co',
    },
    // The real forms (copied above) show the privacy notice, which the validator requires in site.yaml.
    avisoPrivacidad: {
      version: '1',
      titulo: 'Aviso de privacidad',
      responsable: 'Responsable del tratamiento: Hospital sintético.',
      finalidad: 'Usamos sus datos solo para tramitar su solicitud.',
      derechos: 'Puede conocer, actualizar, rectificar y suprimir sus datos.',
      datosSensibles: 'Responder preguntas sobre datos sensibles es voluntario.',
      politica: '/',
      enlacePolitica: 'Política de tratamiento de datos',
      casilla: 'Autorizo el tratamiento de mis datos personales.',
      mensaje: 'Debe autorizar el tratamiento de sus datos personales.',
    },
  }
  fs.writeFileSync(path.join(manifestDir, 'site.yaml'), stringify(site))
  fs.writeFileSync(
    path.join(manifestDir, 'pages/inicio.yaml'),
    stringify({ ruta: '/', etiqueta: 'Inicio', titulo: 'Inicio', secciones: [{ tipo: 'mapaSitio' }] }),
  )
  const lists = Math.max(1, Math.min(pages, 100))
  const perList = Math.ceil(rows / lists)
  let written = 0
  for (let l = 0; l < lists; l++) {
    const filas = []
    for (let r = 0; r < perList && written < rows; r++, written++) {
      const anio = 2016 + (r % 10)
      const rel = `/assets/sintetico/l${l}/${anio}/documento-${r}.pdf`
      fs.mkdirSync(path.join(publicDir, path.dirname(rel)), { recursive: true })
      fs.writeFileSync(path.join(publicDir, rel), pdf)
      filas.push({
        anio,
        categoria: `Categoría ${r % 4}`,
        titulo: `Resolución ${l}-${r} de ${anio} sobre gestión institucional`,
        archivo: rel,
        fecha: `${anio}-0${1 + (r % 9)}-15`,
      })
    }
    fs.writeFileSync(path.join(manifestDir, `documents/lista-${l}.yaml`), stringify({ id: `lista-${l}`, titulo: `Lista ${l}`, filas }))
  }
  for (let p = 1; p <= pages; p++) {
    const page = {
      ruta: `/sintetico/p-${p}`,
      etiqueta: `Página ${p}`,
      titulo: `Página sintética ${p}`,
      menuLateral: 'sintetico',
      secciones: [
        { tipo: 'texto', contenido: `Texto de la página ${p}. Consulte [el inicio](/).` },
        { tipo: 'documentos', fuente: `lista-${(p - 1) % lists}` },
      ],
    }
    fs.writeFileSync(path.join(manifestDir, `pages/p-${p}.yaml`), stringify(page))
  }
  return { manifestDir, publicDir }
}
