import type { ReactNode } from 'react'

export function isExternal(url: string): boolean {
  return /^https?:\/\//.test(url)
}

function fileKind(url: string): string | undefined {
  const m = /\.(pdf|xlsx?|docx?|pptx?|csv|zip)$/i.exec(url.split(/[?#]/)[0]!)
  return m ? m[1]!.toUpperCase() : undefined
}

/**
 * One link component for the whole site: external links open in a new tab
 * and say so to screen readers; links to files announce their type.
 */
export function SmartLink({ url, children, className }: { url: string; children: ReactNode; className?: string }) {
  const kind = url.startsWith('/assets/') ? fileKind(url) : undefined
  if (isExternal(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={['externo', className].filter(Boolean).join(' ')}>
        {children}
        <span className="visually-hidden"> (abre en una ventana nueva)</span>
      </a>
    )
  }
  return (
    <a href={url} className={className} {...(kind ? { type: kind === 'PDF' ? 'application/pdf' : undefined } : {})}>
      {children}
      {kind && <span className="tipo-archivo"> ({kind})</span>}
    </a>
  )
}
