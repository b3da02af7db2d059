import { useData } from 'vike-react/useData'
import type { PageData } from '../renderer/types.ts'

export function Head() {
  const data = useData<PageData | undefined>()
  return (
    <>
      <meta name="theme-color" content="#0b5d3b" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {/* Font size and grayscale before the first paint; an external file because the CSP forbids inline scripts. */}
      <script src="/preferencias.js" />
      {data?.redirigirA && (
        <>
          <meta httpEquiv="refresh" content={`0; url=${data.redirigirA}`} />
          <link rel="canonical" href={(data.layout.urlPublica ?? '') + data.redirigirA} />
          <meta name="robots" content="noindex" />
        </>
      )}
    </>
  )
}
