/** One page of the synthetic site per manifest page (see eleventy.config.js). */
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

export const data = {
  pagination: { data: 'sitio.paginas', size: 1, alias: 'pagina' },
  permalink: (d) => `${d.pagina.ruta === '/' ? '' : d.pagina.ruta}/index.html`,
}

function documentos(lista) {
  if (!lista) return ''
  const porAnio = new Map()
  for (const f of lista.filas) porAnio.set(f.anio, [...(porAnio.get(f.anio) ?? []), f])
  const anios = [...porAnio.keys()].sort((a, b) => b - a)
  return `<section class="documentos"><h2>${esc(lista.titulo)}</h2>${anios
    .map(
      (anio, i) =>
        `<details${i === 0 ? ' open' : ''}><summary>${anio} (${porAnio.get(anio).length})</summary><ul>${porAnio
          .get(anio)
          .sort((a, b) => String(b.fecha).localeCompare(String(a.fecha)))
          .map((f) => `<li><a href="${esc(f.archivo)}">${esc(f.titulo)}</a> <span>${esc(f.categoria)}</span> <time datetime="${esc(f.fecha)}">${esc(f.fecha)}</time> <small>PDF</small></li>`)
          .join('')}</ul></details>`,
    )
    .join('')}</section>`
}

export function render({ pagina, sitio }) {
  const listas = new Map(sitio.documentos.map((l) => [l.id, l]))
  const menu = sitio.site.menusLaterales?.[pagina.menuLateral]
  const secciones = (pagina.secciones ?? [])
    .map((s) => (s.tipo === 'texto' ? `<div class="texto"><p>${esc(s.contenido)}</p></div>` : s.tipo === 'documentos' ? documentos(listas.get(s.fuente)) : ''))
    .join('')
  const pie = sitio.site.pie
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(pagina.titulo)} | ${esc(sitio.site.nombre)}</title><link rel="stylesheet" href="/estilos.css"></head>
<body><header><nav class="barra">${sitio.site.barraSuperior.map((b) => `<a href="${esc(b.url)}">${esc(b.texto)}</a>`).join('')}</nav><a href="/" class="marca">${esc(sitio.site.nombre)}</a><nav><ul>${sitio.site.menu.map((m) => `<li><a href="${esc(m.url)}">${esc(m.texto)}</a></li>`).join('')}</ul></nav></header>
<nav aria-label="Ruta de navegación"><ol><li><a href="/">Inicio</a></li><li aria-current="page">${esc(pagina.etiqueta)}</li></ol></nav>
<div class="contenedor">${menu ? `<aside><h2>${esc(menu.titulo)}</h2><ul>${menu.enlaces.map((e) => `<li><a href="${esc(e.url)}"${e.url === pagina.ruta ? ' aria-current="page"' : ''}>${esc(e.texto)}</a></li>`).join('')}</ul></aside>` : ''}
<main><h1>${esc(pagina.titulo)}</h1>${secciones}</main></div>
<footer><p>${esc(pie.direccion)}</p><p>${esc(pie.correspondencia.direccion)}, ${esc(pie.correspondencia.horario)}</p><a href="${esc(pie.mapaSitio)}">Mapa del sitio</a> <a href="${esc(pie.politicaDatos)}">Política de datos</a></footer></body></html>
`
}
