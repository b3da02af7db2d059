import { SmartLink } from './SmartLink.tsx'

/** A video's captions and transcript links, the same under a «video» and an embedded one (Resolución 1519 de 2020, Anexo 1). */
export function MediaAlternatives({ subtitulos, transcripcion }: { subtitulos?: string; transcripcion?: string }) {
  if (!subtitulos && !transcripcion) return null
  return (
    <p className="accesible">
      {subtitulos && <SmartLink url={subtitulos}>Subtítulos del video</SmartLink>}
      {subtitulos && transcripcion && ' · '}
      {transcripcion && <SmartLink url={transcripcion}>Transcripción del video</SmartLink>}
    </p>
  )
}
