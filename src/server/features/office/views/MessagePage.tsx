import { type Frame, OfficeDocument, OfficePage, type PageContext } from './OfficeShell.tsx'

/** A short message (no access, not found) with the way back to the inbox; with the office's header when signed in. */
export function MessagePage({ ctx, title, message }: { ctx: Frame & Partial<PageContext>; title: string; message: string }) {
  const body = (
    <>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href="/oficina">Volver a la bandeja</a>
      </p>
    </>
  )
  if (ctx.account && ctx.xsrf !== undefined)
    return (
      <OfficePage ctx={{ ...ctx, account: ctx.account, xsrf: ctx.xsrf }} title={title}>
        {body}
      </OfficePage>
    )
  return (
    <OfficeDocument ctx={ctx} title={title}>
      {body}
    </OfficeDocument>
  )
}
