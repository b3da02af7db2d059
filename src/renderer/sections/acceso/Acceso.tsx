import { useState } from 'react'
import { Aviso } from '../../forms-ui/Aviso.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/**
 * The static sign-in form of the spec. It signs nobody in and sends nothing:
 * the inputs have no name, and a submit only says that staff sign in through
 * the intranet, with its link (without JavaScript, a <noscript> says it).
 */
export function Acceso({ section }: { section: PreparedSectionOf<'acceso'> }) {
  const [shown, setShown] = useState(0)
  return (
    <section className="formulario formulario-acceso" aria-label="Inicio de sesión">
      {shown > 0 && (
        <Aviso key={shown} kind="info" onClose={() => setShown(0)}>
          {section.mensaje}{' '}
          <a href={section.intranet}>
            Ir a la intranet institucional
          </a>
        </Aviso>
      )}
      <noscript>
        <p>
          {section.mensaje} <a href={section.intranet}>Ir a la intranet institucional</a>
        </p>
      </noscript>
      {/* method=dialog outside a dialog: a submit without JavaScript sends nothing anywhere. */}
      <form
        noValidate
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault()
          setShown((n) => n + 1)
        }}
      >
        <label htmlFor="acceso-correo">Correo electrónico</label>
        <input id="acceso-correo" type="email" autoComplete="username" />
        <label htmlFor="acceso-clave">Contraseña</label>
        <input id="acceso-clave" type="password" autoComplete="current-password" />
        <label htmlFor="acceso-recordar">
          <input id="acceso-recordar" type="checkbox" />
          Recordarme
        </label>
        <button type="submit">Ingresar</button>
      </form>
    </section>
  )
}
