import { loadValidManifestCached } from '../../manifest/load.ts'
import { NOT_FOUND_ROUTE } from '../../manifest/urls.ts'
import { layoutData } from '../../renderer/pageData.ts'
import type { PageData } from '../../renderer/types.ts'

export function data(): PageData {
  const manifest = loadValidManifestCached()
  return {
    ruta: NOT_FOUND_ROUTE,
    interactive: false,
    titulo: 'Página no encontrada',
    descripcion: 'La página solicitada no existe.',
    muestra: false,
    secciones: [],
    breadcrumb: [
      { label: 'Inicio', url: '/' },
      { label: 'Página no encontrada', url: NOT_FOUND_ROUTE },
    ],
    layout: layoutData(manifest),
  }
}
