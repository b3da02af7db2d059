import { SmartLink } from '../components/SmartLink.tsx'
import { formatDate } from '../../views/formatDate.ts'
import type { LayoutData } from '../types.ts'
import type { ReactNode } from 'react'
import { GOVCO_URL } from './Header.tsx'
import { RenderedOnce } from './renderedOnce.ts'

export function Footer({ layout, children }: { layout: LayoutData; children?: ReactNode }) {
  const { pie } = layout
  return (
    <footer className="pie">
      {/* The same on every page (the site's data and the newsletter form): rendered once per pre-render. The logos
          below are not in it: an image must be rendered with its page (renderedOnce.ts). */}
      <RenderedOnce tag="div" className="container columnas-pie" sameOnEveryPage={layout}>
        <div className="container columnas-pie">
          <section aria-labelledby="pie-contacto">
            <h2 id="pie-contacto">{layout.nombre}</h2>
            <address>
              <p>{pie.direccion}</p>
              {layout.entidad && (
                <p className="ubicacion-entidad">
                  {layout.entidad.municipio}, {layout.entidad.departamento}, Colombia. <strong>Código postal:</strong> {layout.entidad.codigoPostal}
                </p>
              )}
              {pie.horarioAtencion && <p>{pie.horarioAtencion}</p>}
              <ul>
                {pie.telefonos.map(t => (
                  <li key={t.etiqueta}>
                    <strong>{t.etiqueta}:</strong> <a href={t.href}>{t.numero}</a>
                    {t.horario && <small> · {t.horario}</small>}
                  </li>
                ))}
              </ul>
              <p>
                <strong>Correspondencia:</strong> {pie.correspondencia.direccion}. {pie.correspondencia.horario}
              </p>
              <ul>
                {pie.correos.map(c => (
                  <li key={c.correo}>
                    <strong>{c.etiqueta}:</strong> <a href={c.href}>{c.correo}</a>
                  </li>
                ))}
              </ul>
            </address>
          </section>
          <section aria-labelledby="pie-enlaces">
            <h2 id="pie-enlaces">Enlaces de interés</h2>
            <ul>
              {pie.enlacesGobierno.map(e => (
                <li key={e.url}>
                  <SmartLink url={e.url}>{e.texto}</SmartLink>
                </li>
              ))}
            </ul>
            <h2>Políticas</h2>
            <ul>
              {pie.politicas.map(e => (
                <li key={e.url}>
                  <SmartLink url={e.url}>{e.texto}</SmartLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="pie-redes">
            <h2 id="pie-redes">Síganos</h2>
            <ul className="redes">
              {pie.redes.map(e => (
                <li key={e.url}>
                  <SmartLink url={e.url}>{e.texto}</SmartLink>
                </li>
              ))}
            </ul>
            {children}
          </section>
        </div>
      </RenderedOnce>
      {layout.logosGobierno && (
        <div className="logos-pie">
          <div className="container">
            <SmartLink url={GOVCO_URL}>
              <img src={layout.logosGobierno.govco.url} alt={layout.logosGobierno.govco.textoAlternativo} width={140} height={30} />
            </SmartLink>
            <img src={layout.logosGobierno.marcaPais.url} alt={layout.logosGobierno.marcaPais.textoAlternativo} width={90} height={44} />
          </div>
        </div>
      )}
      <div className="barra-inferior">
        <div className="container">
          <SmartLink url={pie.mapaSitio}>Mapa del sitio</SmartLink>
          <SmartLink url={pie.politicaDatos}>Política de tratamiento de datos</SmartLink>
          <span>
            Última actualización: <time dateTime={layout.ultimaActualizacion}>{formatDate(layout.ultimaActualizacion)}</time>
          </span>
        </div>
      </div>
    </footer>
  )
}
