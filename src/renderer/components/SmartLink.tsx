import type { ReactNode } from 'react'
import { EXTERNAL_LINK_CLASS, isExternalUrl } from '../../manifest/externalLinks.ts'
import { withoutQuery } from '../../manifest/urls.ts'
import { ExternalLink } from '../../views/ExternalLink.tsx'

function fileKind(url: string): string | undefined {
  const m = /\.(pdf|xlsx?|docx?|pptx?|csv|zip)$/i.exec(withoutQuery(url))
  return m ? m[1]!.toUpperCase() : undefined
}

/**
 * One link component for the whole site: external links open in a new tab,
 * show «(sale del sitio)» and say so to screen readers; links to files announce their type.
 */
export function SmartLink({
  url,
  children,
  className,
  cue = true,
}: {
  url: string
  children: ReactNode
  className?: string
  /** The visible «(sale del sitio)»; off only in the header's rows, whose layout must not wait on it (accessibility.md). */
  cue?: boolean
}) {
  const kind = url.startsWith('/assets/') ? fileKind(url) : undefined
  if (isExternalUrl(url)) {
    return (
      <ExternalLink href={url} className={[EXTERNAL_LINK_CLASS, className].filter(Boolean).join(' ')} leavesSite={cue}>
        {children}
      </ExternalLink>
    )
  }
  return (
    <a href={url} className={className} {...(kind ? { type: kind === 'PDF' ? 'application/pdf' : undefined } : {})}>
      {children}
      {kind && <span className="tipo-archivo"> ({kind})</span>}
    </a>
  )
}
