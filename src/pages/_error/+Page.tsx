import { usePageContext } from 'vike-react/usePageContext'

export function Page() {
  const { is404 } = usePageContext()
  if (is404 === false) {
    return (
      <>
        <h1>Ocurrió un error</h1>
        <p>No pudimos mostrar esta página. Intente de nuevo en unos minutos.</p>
      </>
    )
  }
  return (
    <>
      <h1>Página no encontrada</h1>
      <p>La dirección que buscó no existe o cambió de lugar.</p>
      <ul>
        <li>
          <a href="/">Volver al inicio</a>
        </li>
        <li>
          <a href="/mapa-del-sitio">Ver el mapa del sitio</a>
        </li>
        <li>
          <a href="/buscar">Buscar en el sitio</a>
        </li>
      </ul>
    </>
  )
}
