import { type Frame, OfficeDocument } from './OfficeShell.tsx'

/** The sign-in form again, after a failed native sign-in (the pre-rendered /acceder cannot show the server's answer). */
export function SignInPage({ ctx, message, correo, needsCode }: { ctx: Frame; message: string; correo: string; needsCode: boolean }) {
  const header = (
    <header className="container oficina-cabecera">
      <nav aria-label="Sitio">
        <ul>
          <li>
            <a href="/">{ctx.siteName}</a>
          </li>
        </ul>
      </nav>
    </header>
  )
  return (
    <OfficeDocument ctx={ctx} title="Inicia Sesión" header={header}>
      <h1>Inicia Sesión</h1>
      <div className="aviso-formulario aviso-error" role="alert">
        <p className="aviso-texto">{message}</p>
      </div>
      <form method="post" action="/api/oficina/sesion" className="formulario-acceso">
        <label htmlFor="acceso-correo">Correo electrónico</label>
        <input id="acceso-correo" name="correo" type="email" autoComplete="username" required defaultValue={correo} />
        <label htmlFor="acceso-clave">Contraseña</label>
        <input id="acceso-clave" name="clave" type="password" autoComplete="current-password" required />
        {needsCode && <label htmlFor="acceso-codigo">Código de verificación</label>}
        {needsCode && <input id="acceso-codigo" name="codigo" inputMode="numeric" autoComplete="one-time-code" />}
        <label htmlFor="acceso-recordar">
          <input id="acceso-recordar" name="recordarme" type="checkbox" value="true" /> Recordarme
        </label>
        <button type="submit">Ingresar</button>
      </form>
    </OfficeDocument>
  )
}
