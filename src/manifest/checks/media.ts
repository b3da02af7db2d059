/**
 * Videos carry a transcript (Resolución 1519 de 2020, Anexo 1; ITA criterion «b»): a «video» section, and an
 * «embebido» one whose address is a video provider's player, without `transcripcion` is a warning (never an
 * error: the hospital publishes the video while it writes the transcript). Captions are the provider's (YouTube
 * and Vimeo show their own) or a WebVTT file in `subtitulos`; only the transcript is asked for everywhere.
 */
import type { SeccionEmbebido, SeccionVideo } from '../types.generated.ts'
import { problemAt } from '../yamlSource.ts'
import { sectionsOfType, type CrossCheck } from './context.ts'

/** Players of the video providers a hospital embeds (their addresses for embedding). */
const VIDEO_PLAYER =
  /^https:\/\/(?:www\.)?(?:youtube\.com|youtube-nocookie\.com|youtu\.be|player\.vimeo\.com|vimeo\.com|dailymotion\.com|facebook\.com\/plugins\/video)/

export function isVideoPlayer(url: string): boolean {
  return VIDEO_PLAYER.test(url)
}

export const mediaChecks: CrossCheck[] = [
  {
    name: 'video-without-transcript',
    run: ({ manifest }) => {
      const videos = [
        ...sectionsOfType<SeccionVideo>(manifest, 'video'),
        ...[...sectionsOfType<SeccionEmbebido>(manifest, 'embebido')].filter(s => isVideoPlayer(s.section.url)),
      ]
      return videos
        .filter(v => !v.section.transcripcion)
        .map(v =>
          problemAt(
            v.page.source,
            [...v.path, 'tipo'],
            `el video «${v.section.titulo}» no tiene «transcripcion»: publique su transcripción (un PDF o una página) y enlácela aquí; ` +
              'si el proveedor no muestra subtítulos, agregue también «subtitulos» (WebVTT)',
            'aviso',
          ),
        )
    },
  },
]
