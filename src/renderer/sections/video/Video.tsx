import { ClickToLoad } from '../../components/ClickToLoad.tsx'
import { Heading } from '../../../views/Heading.tsx'
import { MediaAlternatives } from '../../components/MediaAlternatives.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Video({ section }: { section: PreparedSectionOf<'video'> }) {
  return (
    <section className="seccion-video">
      <Heading>{section.titulo}</Heading>
      {section.descripcion && <p>{section.descripcion}</p>}
      <ClickToLoad title={section.titulo} url={section.url} kind="video" />
      <MediaAlternatives subtitulos={section.subtitulos} transcripcion={section.transcripcion} />
    </section>
  )
}
