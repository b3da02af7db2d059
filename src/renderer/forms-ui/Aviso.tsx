import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A message above a form: success (role=status) or failure (role=alert).
 * It takes the focus when it appears and can be dismissed.
 */
export function Aviso({
  kind,
  children,
  onClose,
  focus = true,
}: {
  kind: 'exito' | 'error' | 'info'
  children: ReactNode
  onClose?: () => void
  focus?: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  // Focus on appearance only; give a new key to show a new message.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [])
  return (
    <div ref={ref} className={`aviso-formulario aviso-${kind}`} role={kind === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      <div className="aviso-texto">{children}</div>
      {onClose && (
        <button type="button" className="cerrar-aviso" onClick={onClose} aria-label="Cerrar mensaje">
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  )
}
