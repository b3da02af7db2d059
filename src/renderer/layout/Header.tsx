import { SmartLink } from '../components/SmartLink.tsx'
import type { LayoutData } from '../types.ts'
import { HeaderTools } from './HeaderTools.tsx'

export function Header({ layout, ruta }: { layout: LayoutData; ruta: string }) {
  return (
    <header className="cabecera">
      <div className="barra-superior">
        <div className="container">
          <ul className="enlaces-superiores">
            {layout.barraSuperior.map((e) => (
              <li key={e.url}>
                <SmartLink url={e.url}>{e.texto}</SmartLink>
              </li>
            ))}
          </ul>
          <HeaderTools layout={layout} />
        </div>
      </div>
      <div className="container identidad">
        <a href="/" className="marca">
          <strong>{layout.nombreCorto}</strong>
          <small>{layout.nombre}</small>
        </a>
        <form role="search" action="/buscar" method="get" className="buscador-cabecera">
          <label htmlFor="buscar-sitio" className="visually-hidden">
            Buscar en el sitio
          </label>
          <input id="buscar-sitio" type="search" name="q" placeholder="Buscar en el sitio" autoComplete="off" required />
          <button type="submit">Buscar</button>
        </form>
      </div>
      <nav aria-label="Menú principal" className="menu-principal">
        <div className="container">
          <details className="menu-plegable">
            <summary>Menú</summary>
            <ul>
              {layout.menu.map((e) => (
                <li key={e.url}>
                  {e.url === ruta ? (
                    <a href={e.url} aria-current="page">
                      {e.texto}
                    </a>
                  ) : (
                    <SmartLink url={e.url}>{e.texto}</SmartLink>
                  )}
                </li>
              ))}
            </ul>
          </details>
        </div>
      </nav>
    </header>
  )
}
