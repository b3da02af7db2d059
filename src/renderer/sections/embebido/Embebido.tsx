import { ClickToLoad } from '../../components/ClickToLoad.tsx'
import { Heading } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import { MediaAlternatives } from '../../components/MediaAlternatives.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** Local PDFs are embedded directly; third-party content waits for the visitor. */
export function Embebido({ section }: { section: PreparedSectionOf<'embebido'> }) {
  const height = section.alto ?? 600
  return (
    <section className="seccion-embebido">
      <Heading>{section.titulo}</Heading>
      {section.descripcion && <p>{section.descripcion}</p>}
      {section.url.startsWith('/assets/') ? (
        <>
          <object data={section.url} type="application/pdf" height={height} className="pdf-embebido" aria-label={section.titulo}>
            <p>
              Su navegador no muestra el documento aquí: <SmartLink url={section.url}>descárguelo</SmartLink>.
            </p>
          </object>
          <p>
            <SmartLink url={section.url}>Descargar {section.titulo}</SmartLink>
          </p>
        </>
      ) : (
        <ClickToLoad title={section.titulo} url={section.url} height={height} kind="contenido" />
      )}
      <MediaAlternatives subtitulos={section.subtitulos} transcripcion={section.transcripcion} />
    </section>
  )
}
