import { useState } from 'react'
import { SmartLink } from './SmartLink.tsx'

/**
 * Third-party content (videos, calendars, social pages) is requested only
 * when the visitor asks for it: no third-party request on page load, and a
 * plain link keeps it reachable without JavaScript.
 */
export function ClickToLoad({ title, url, height = 360, kind }: { title: string; url: string; height?: number; kind: 'video' | 'contenido' }) {
  const [loaded, setLoaded] = useState(false)
  if (loaded) {
    return (
      <div className="embebido">
        <iframe src={url} title={title} height={height} loading="lazy" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
      </div>
    )
  }
  return (
    <div className="embebido-pendiente" style={{ minHeight: Math.min(height, 240) }}>
      <p>
        <strong>{title}</strong>
      </p>
      <p className="nota">
        {kind === 'video' ? 'Este video' : 'Este contenido'} se carga desde un sitio externo solo cuando usted lo solicita.
      </p>
      <button type="button" onClick={() => setLoaded(true)}>
        {kind === 'video' ? 'Cargar video' : 'Cargar contenido'}
        <span className="visually-hidden">: {title}</span>
      </button>{' '}
      <SmartLink url={url}>Abrir en el sitio original</SmartLink>
    </div>
  )
}
