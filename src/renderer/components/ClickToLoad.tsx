import { SmartLink } from './SmartLink.tsx'

/**
 * Third-party content (videos, calendars, social pages) is requested only
 * when the visitor asks for it: no third-party request on page load, and a
 * plain link keeps it reachable without JavaScript. Only markup:
 * activateEmbeds() (src/renderer/client/embeds.ts) loads the frame.
 */
export function ClickToLoad({ title, url, height = 360, kind }: { title: string; url: string; height?: number; kind: 'video' | 'contenido' }) {
  return (
    <div className="embebido" data-embebido={url} data-titulo={title} data-alto={height}>
      {/* No style attribute: the CSP allows no inline style (site.css gives the reserved height). */}
      <div className="embebido-pendiente">
        <p>
          <strong>{title}</strong>
        </p>
        <p className="nota">{kind === 'video' ? 'Este video' : 'Este contenido'} se carga desde un sitio externo solo cuando usted lo solicita.</p>
        <button type="button" data-cargar="">
          {kind === 'video' ? 'Cargar video' : 'Cargar contenido'}
          <span className="visually-hidden">: {title}</span>
        </button>{' '}
        <SmartLink url={url}>Abrir en el sitio original</SmartLink>
      </div>
    </div>
  )
}
