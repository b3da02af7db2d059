import { useData } from 'vike-react/useData'
import { SectionList } from '../../renderer/SectionList.tsx'
import type { PageData } from '../../renderer/types.ts'

export function Page() {
  const data = useData<PageData>()
  if (data.redirigirA) {
    return (
      <>
        <h1>{data.titulo}</h1>
        <p>
          Esta sección está en <a href={data.redirigirA}>{data.redirigirA}</a>. Si no es redirigido automáticamente, siga el enlace.
        </p>
      </>
    )
  }
  return (
    <article>
      <h1>{data.titulo}</h1>
      {data.muestra && (
        <p className="aviso-muestra" role="note">
          Contenido de muestra: la institución debe reemplazarlo por la información oficial.
        </p>
      )}
      <SectionList sections={data.secciones} />
    </article>
  )
}
