import { ClickToLoad } from '../../components/ClickToLoad.tsx'
import { Heading } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Video({ section }: { section: PreparedSectionOf<'video'> }) {
  return (
    <section className="seccion-video">
      <Heading>{section.titulo}</Heading>
      {section.descripcion && <p>{section.descripcion}</p>}
      <ClickToLoad title={section.titulo} url={section.url} kind="video" />
      {(section.subtitulos || section.transcripcion) && (
        <p className="accesible">
          {section.subtitulos && <SmartLink url={section.subtitulos}>Subtítulos del video</SmartLink>}
          {section.subtitulos && section.transcripcion && ' · '}
          {section.transcripcion && <SmartLink url={section.transcripcion}>Transcripción del video</SmartLink>}
        </p>
      )}
    </section>
  )
}
