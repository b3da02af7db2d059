import type { ReactNode } from 'react'
import type { AccountRow } from '../../../store/office.ts'
import { ServerDocument } from '../../../views/ServerDocument.tsx'

/**
 * The frame of the office pages, rendered on the server for each request: plain
 * HTML forms that work without script (the office has none), under the site's
 * strict Content-Security-Policy (no inline script or style: the site's
 * stylesheets and /oficina/oficina.css). Every page is noindex and no-store.
 */
export interface PageContext {
  siteName: string
  styles: string[]
  account: AccountRow
  /** Anti-forgery token for the page's forms (hidden field `_xsrf`). */
  xsrf: string
}

export type Frame = Pick<PageContext, 'siteName' | 'styles'>

export const OFFICE_CSS = '/oficina/oficina.css'

/** Every office page: the skip link, the header it is given and the main content. */
export function OfficeDocument({ ctx, title, header, children }: { ctx: Frame; title: string; header?: ReactNode; children: ReactNode }) {
  return (
    <ServerDocument title={`${title} | Oficina SIAU | ${ctx.siteName}`} styles={[...ctx.styles, OFFICE_CSS]} robots="noindex, nofollow" bodyClass="oficina">
      <a className="saltar" href="#contenido">
        Saltar al contenido
      </a>
      {header}
      <main id="contenido" className="container" tabIndex={-1}>
        {children}
      </main>
    </ServerDocument>
  )
}

/** The hidden anti-forgery field every office form carries. */
export function Xsrf({ token }: { token: string }) {
  return <input type="hidden" name="_xsrf" value={token} />
}

function OfficeHeader({ ctx }: { ctx: PageContext }) {
  return (
    <header className="container oficina-cabecera">
      <nav aria-label="Oficina">
        <ul>
          <li>
            <strong>{`Oficina SIAU · ${ctx.siteName}`}</strong>
          </li>
        </ul>
        <ul>
          <li>
            <a href="/oficina">Bandeja</a>
          </li>
          <li>
            <a href="/oficina/radicar">Radicar</a>
          </li>
          {ctx.account.rol === 'admin' && (
            <li>
              <a href="/oficina/auditoria">Auditoría</a>
            </li>
          )}
          {ctx.account.rol === 'admin' && (
            <li>
              <a href="/oficina/exportaciones">Exportaciones</a>
            </li>
          )}
          <li>
            <span className="oficina-cuenta">{ctx.account.nombre}</span>
          </li>
          <li>
            <form method="post" action="/api/oficina/salir" className="oficina-salir">
              <Xsrf token={ctx.xsrf} />
              <button type="submit" className="secondary">
                Salir
              </button>
            </form>
          </li>
        </ul>
      </nav>
    </header>
  )
}

/** A page of a signed-in staff member: the office's header with its sections, the account and «Salir». */
export function OfficePage({ ctx, title, children }: { ctx: PageContext; title: string; children: ReactNode }) {
  return (
    <OfficeDocument ctx={ctx} title={title} header={<OfficeHeader ctx={ctx} />}>
      {children}
    </OfficeDocument>
  )
}

/** The summary of what to fix, each message a link to its field. */
export function ErrorSummary({ message, fields, idOf }: { message: string; fields: Record<string, string>; idOf: (name: string) => string }) {
  const entries = Object.entries(fields)
  return (
    <div className="resumen-errores" role="alert" aria-labelledby="titulo-errores" tabIndex={-1}>
      <h2 id="titulo-errores">{message}</h2>
      {entries.length > 0 && (
        <ul>
          {entries.map(([name, msg]) => (
            <li key={name}>
              <a href={`#${idOf(name)}`}>{msg}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function Notice({ text }: { text: string | undefined }) {
  if (!text) return null
  return (
    <div className="aviso-formulario aviso-exito" role="status">
      <p className="aviso-texto">{text}</p>
    </div>
  )
}

/** The message of a field that failed, under it (its id is what the field's aria-describedby names). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <small id={id} className="error-campo">
      {message}
    </small>
  ) : null
}
