import type { Campo } from '../../manifest/types.generated.ts'
import type { DefinedForm } from './useDefinedForm.ts'

function Required({ campo }: { campo: Campo }) {
  return campo.requerido ? (
    <span className="obligatorio" aria-hidden="true">
      {' '}*
    </span>
  ) : null
}

const INPUT_TYPES: Partial<Record<Campo['control'], string>> = { text: 'text', email: 'email', tel: 'tel', file: 'file' }

/**
 * One field of a form definition. aria-invalid (Pico's red) and the message
 * appear only once the field is touched or after a submit attempt;
 * aria-describedby points to the help text and the message.
 */
export function Field({ f, campo }: { f: DefinedForm; campo: Campo }) {
  const { register } = f.form
  const def = f.prepared.definicion
  const name = campo.nombre
  const id = `${def.id}-${name}`
  const helpId = `${id}-ayuda`
  const errorId = `${id}-error`
  const error = f.visibleError(name)
  const describedBy = [campo.ayuda ? helpId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  const invalid = error ? true : undefined
  const help = campo.ayuda ? (
    <small id={helpId} className="ayuda-campo">
      {campo.ayuda}
    </small>
  ) : null
  const message = error ? (
    <small id={errorId} className="mensaje-error">
      {error}
    </small>
  ) : null
  const options = f.prepared.opciones[name] ?? []

  switch (campo.control) {
    case 'hidden':
      return <input type="hidden" id={id} {...register(name)} />
    case 'checkbox':
      return (
        <div className="campo campo-casilla">
          <label htmlFor={id}>
            <input type="checkbox" id={id} aria-invalid={invalid} aria-required={campo.requerido || undefined} aria-describedby={describedBy} {...register(name)} />
            {campo.etiqueta}
            <Required campo={campo} />
          </label>
          {help}
          {message}
        </div>
      )
    case 'radio': {
      const legendId = `${id}-leyenda`
      return (
        <fieldset
          className="campo campo-opciones"
          role="radiogroup"
          aria-labelledby={legendId}
          aria-required={campo.requerido || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <legend id={legendId}>
            {campo.etiqueta}
            <Required campo={campo} />
          </legend>
          {help}
          {options.map((o, i) => (
            <label key={o.valor} htmlFor={`${id}-${i}`}>
              <input type="radio" id={`${id}-${i}`} value={o.valor} aria-invalid={invalid} {...register(name)} />
              {o.etiqueta}
            </label>
          ))}
          {message}
        </fieldset>
      )
    }
    default: {
      const common = {
        id,
        'aria-invalid': invalid,
        'aria-required': campo.requerido || undefined,
        'aria-describedby': describedBy,
      }
      let control
      if (campo.control === 'textarea') control = <textarea rows={5} {...common} {...register(name)} />
      else if (campo.control === 'select')
        control = (
          <select {...common} {...register(name)}>
            <option value="">Seleccione…</option>
            {options.map((o) => (
              <option key={o.valor} value={o.valor}>
                {o.etiqueta}
              </option>
            ))}
          </select>
        )
      else
        control = (
          <input
            type={INPUT_TYPES[campo.control] ?? 'text'}
            autoComplete={campo.autocompletar}
            accept={campo.control === 'file' ? (campo.aceptar ?? 'application/pdf') : undefined}
            inputMode={campo.patron === '^[0-9]+$' && campo.control === 'text' ? 'numeric' : undefined}
            {...common}
            {...register(name)}
          />
        )
      return (
        <div className="campo">
          <label htmlFor={id}>
            {campo.etiqueta}
            <Required campo={campo} />
          </label>
          {control}
          {help}
          {message}
        </div>
      )
    }
  }
}

export function FieldList({ f }: { f: DefinedForm }) {
  return (
    <>
      {f.prepared.definicion.campos.map((c) => (
        <Field key={c.nombre} f={f} campo={c} />
      ))}
    </>
  )
}
