import { useRef, useState } from 'react'
import { apiFetch } from '../../../forms/apiClient.ts'
import { Aviso } from '../../forms-ui/Aviso.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** The server's sign-in endpoint (src/server/features/office/signIn.ts). */
export const SIGN_IN_URL = '/api/oficina/sesion'

const NETWORK = 'No fue posible comunicarse con el servidor. Revise su conexión e intente de nuevo.'

/**
 * The spec's sign-in form, now the staff sign-in of the citizen-service
 * office. With script it posts JSON and goes to the office; without script
 * the browser posts the same form natively and the server answers with a
 * redirect or its own page with the error.
 */
export function Acceso({ section }: { section: PreparedSectionOf<'acceso'> }) {
  const [error, setError] = useState<{ text: string; n: number } | undefined>()
  const [busy, setBusy] = useState(false)
  // Accounts with a second factor: the server asks for the code after the password.
  const [needsCode, setNeedsCode] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  return (
    <section className="formulario formulario-acceso" aria-label="Inicio de sesión">
      {section.mensaje && <p>{section.mensaje}</p>}
      {error && (
        <Aviso key={error.n} kind="error" onClose={() => setError(undefined)}>
          {error.text}
        </Aviso>
      )}
      <form
        ref={form}
        method="post"
        action={SIGN_IN_URL}
        onSubmit={async e => {
          e.preventDefault()
          const data = new FormData(e.currentTarget)
          setBusy(true)
          try {
            const res = await apiFetch(SIGN_IN_URL, {
              method: 'POST',
              headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
              body: JSON.stringify({
                correo: data.get('correo'),
                clave: data.get('clave'),
                recordarme: data.get('recordarme') === 'true',
                ...(data.get('codigo') ? { codigo: data.get('codigo') } : {}),
              }),
            })
            const body = (await res.json().catch(() => ({}))) as { destino?: string; error?: string; requiereCodigo?: boolean }
            if (res.ok && body.destino?.startsWith('/')) {
              window.location.assign(body.destino)
              return
            }
            if (body.requiereCodigo) setNeedsCode(true)
            setError(prev => ({ text: body.error ?? NETWORK, n: (prev?.n ?? 0) + 1 }))
          } catch {
            setError(prev => ({ text: NETWORK, n: (prev?.n ?? 0) + 1 }))
          } finally {
            setBusy(false)
          }
        }}
      >
        <label htmlFor="acceso-correo">Correo electrónico</label>
        <input id="acceso-correo" name="correo" type="email" autoComplete="username" required />
        <label htmlFor="acceso-clave">Contraseña</label>
        <input id="acceso-clave" name="clave" type="password" autoComplete="current-password" required />
        {needsCode && (
          <>
            <label htmlFor="acceso-codigo">Código de verificación</label>
            <input id="acceso-codigo" name="codigo" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
          </>
        )}
        <label htmlFor="acceso-recordar">
          <input id="acceso-recordar" name="recordarme" type="checkbox" value="true" />
          Recordarme
        </label>
        <button type="submit" aria-busy={busy}>
          Ingresar
        </button>
      </form>
      {section.intranet && (
        <p>
          Otros servicios del personal: <a href={section.intranet}>intranet institucional</a>.
        </p>
      )}
    </section>
  )
}
