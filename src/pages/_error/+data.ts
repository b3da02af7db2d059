import { loadValidManifestCached } from '../../manifest/load.ts'
import { layoutData } from '../../renderer/pageData.ts'
import type { PageData } from '../../renderer/types.ts'

export function data(): PageData {
  const manifest = loadValidManifestCached()
  return {
    ruta: '/404',
    interactive: false,
    titulo: 'Página no encontrada',
    descripcion: 'La página solicitada no existe.',
    muestra: false,
    secciones: [],
    breadcrumb: [
      { label: 'Inicio', url: '/' },
      { label: 'Página no encontrada', url: '/404' },
    ],
    layout: layoutData(manifest),
  }
}
