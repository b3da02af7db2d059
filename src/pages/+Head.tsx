import { useData } from 'vike-react/useData'
import { SITE_ICON } from '../manifest/urls.ts'
import type { PageData } from '../renderer/types.ts'

export function Head() {
  const data = useData<PageData | undefined>()
  return (
    <>
      <meta name="theme-color" content={data?.layout.identidad?.themeColor ?? '#0b5d3b'} />
      <link rel="icon" href={SITE_ICON} type="image/svg+xml" />
      {/* Font size and grayscale before the first paint; an external file because the CSP forbids inline scripts. */}
      <script src="/preferencias.js" />
      {/* The hospital's colours and logo layout (identidad in site.yaml): a style sheet written per site at build time,
          after the base sheets Vike links before this, so its rules win; never a <style> tag (the CSP forbids it). */}
      {data?.layout.identidad && <link rel="stylesheet" href={data.layout.identidad.stylesheet} />}
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
