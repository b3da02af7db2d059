import type { ReactNode } from 'react'
import { EXTERNAL_LINK_REL, EXTERNAL_LINK_TARGET, LEAVES_SITE_CLASS, LEAVES_SITE_CUE, NEW_WINDOW_NOTICE } from '../manifest/externalLinks.ts'

/** A link that opens in a new window and says so to screen readers (src/manifest/externalLinks.ts). */
export function ExternalLink({
  href,
  children,
  className,
  notice = NEW_WINDOW_NOTICE,
  noticeLang,
  leavesSite = false,
  ...rest
}: {
  href: string
  children: ReactNode
  className?: string
  /** What screen readers hear after the text (default: it opens in a new window). */
  notice?: string
  /** Language of the notice when the link text is in another language. */
  noticeLang?: string
  /** Show «(sale del sitio)» after the text: every link the renderer sends off the site (SmartLink). */
  leavesSite?: boolean
  lang?: string
  hrefLang?: string
  'data-idioma'?: string
}) {
  return (
    <a href={href} target={EXTERNAL_LINK_TARGET} rel={EXTERNAL_LINK_REL} className={className} {...rest}>
      {children}
      {leavesSite && <span className={LEAVES_SITE_CLASS}>{LEAVES_SITE_CUE}</span>}
      <span className="visually-hidden" lang={noticeLang}>
        {notice}
      </span>
    </a>
  )
}
