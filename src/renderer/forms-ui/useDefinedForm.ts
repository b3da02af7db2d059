import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useForm, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form'
import type { Campo, FormDefinition } from '../../manifest/types.generated.ts'
import { toPayload } from '../../forms/clientPayload.ts'
import { lazyAjvResolver, loadValidator } from '../../forms/lazyResolver.ts'
import type { PreparedForm } from '../../forms/prepared.ts'

export interface SummaryItem {
  name: string
  message: string
  targetId: string
}

export interface DefinedForm {
  prepared: PreparedForm
  form: UseFormReturn<FieldValues>
  formRef: React.RefObject<HTMLFormElement | null>
  summaryRef: React.RefObject<HTMLElement | null>
  /** id of a field's control (a radio group's first option). */
  idFor: (name: string) => string
  /** The message to show for a field: only once it is touched or after a submit attempt. */
  visibleError: (name: string) => string | undefined
  summary: SummaryItem[]
  /**
   * Wraps a valid-submission handler: an invalid submit marks every field
   * touched, makes no call and focuses the summary. The handler returns true
   * to reset the form afterwards.
   */
  onSubmit: (
    // biome-ignore lint/suspicious/noConfusingVoidType: a caller's handler may return nothing at all (void), or say whether it succeeded
    onValid: (payload: Record<string, unknown>, values: FieldValues) => Promise<boolean | void> | boolean | void,
  ) => (e?: React.BaseSyntheticEvent) => Promise<void>
  /** Back to the initial state: values, touched, errors, file inputs and the summary. */
  resetAll: () => void
  /** Messages the server answered for fields (400 {fields}). */
  applyFieldErrors: (fields: Record<string, string>) => void
  /** Starts loading the validator: call on first interaction. */
  warmUp: () => void
}

function defaultValueFor(c: Campo): unknown {
  switch (c.control) {
    case 'checkbox':
      return false
    case 'radio':
      return null
    case 'file':
    case 'archivos':
      return undefined
    default:
      return ''
  }
}

export function defaultValues(def: FormDefinition): FieldValues {
  return Object.fromEntries(def.campos.map(c => [c.nombre, defaultValueFor(c)]))
}

/**
 * What the page's controls hold before React takes them over: the page is pre-rendered and usable before its
 * scripts start (public/arranque.js starts them after the first paint), so a citizen may already have ticked,
 * chosen or typed. Read during the first render, when the DOM is still the server's page with the citizen's
 * input; files are left out (react-hook-form keeps a file input it finds edited, and setting its value would
 * clear it), as are hidden fields (not the citizen's).
 */
function valuesInPage(def: FormDefinition): FieldValues {
  if (typeof document === 'undefined') return {}
  const out: FieldValues = {}
  for (const c of def.campos) {
    const id = `${def.id}-${c.nombre}`
    if (c.control === 'radio') {
      const checked = document.querySelector<HTMLInputElement>(`input[type="radio"][id^="${id}-"]:checked`)
      if (checked?.id.slice(id.length + 1).match(/^\d+$/)) out[c.nombre] = checked.value
      continue
    }
    if (c.control === 'file' || c.control === 'hidden') continue
    const el = document.getElementById(id)
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked) out[c.nombre] = true
    } else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
      if (el.value !== '') out[c.nombre] = el.value
    }
  }
  return out
}

export function useDefinedForm(prepared: PreparedForm, options: { summary?: boolean } = {}): DefinedForm {
  const def = prepared.definition
  const resolver = useMemo(() => lazyAjvResolver(prepared), [prepared])
  const form = useForm<FieldValues>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The error summary takes the focus (GOV.UK pattern); a form without a summary focuses its first invalid field.
    shouldFocusError: options.summary === false,
    defaultValues: defaultValues(def),
  })
  // Before React's first commit: react-hook-form's registration writes its default values into the controls
  // (radios at least: it only keeps what it finds edited in other controls).
  const [beforeHydration] = useState(() => valuesInPage(def))
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(beforeHydration)) form.setValue(name, value, { shouldDirty: true })
    // Once, after the controls registered; later renders must not bring the page's first state back.
  }, [])
  const formRef = useRef<HTMLFormElement | null>(null)
  const summaryRef = useRef<HTMLElement | null>(null)
  const [showSummary, setShowSummary] = useState(false)
  const [focusSummary, setFocusSummary] = useState(0)
  const { errors, touchedFields, isSubmitted } = form.formState

  const idFor = useCallback(
    (name: string) => {
      const c = def.campos.find(x => x.nombre === name)
      return c?.control === 'radio' ? `${def.id}-${name}-0` : `${def.id}-${name}`
    },
    [def],
  )

  const visibleError = (name: string): string | undefined => {
    const e = errors[name]
    if (!e || typeof e.message !== 'string') return undefined
    return touchedFields[name] || isSubmitted ? e.message : undefined
  }

  const summary: SummaryItem[] =
    showSummary && options.summary !== false
      ? def.campos.flatMap(c => {
          const e = errors[c.nombre]
          return e && typeof e.message === 'string' ? [{ name: c.nombre, message: e.message, targetId: idFor(c.nombre) }] : []
        })
      : []

  // Focus the summary once per invalid submit, in the first render where it exists: react-hook-form may
  // publish the errors a render after our own state update, and focusing before then found no summary.
  const focusedFor = useRef(0)
  useEffect(() => {
    if (focusSummary > focusedFor.current && summaryRef.current) {
      focusedFor.current = focusSummary
      summaryRef.current.focus()
    }
  })

  const onSubmit: DefinedForm['onSubmit'] = onValid => async e => {
    let resetAfter = false
    await form.handleSubmit(
      async values => {
        setShowSummary(false)
        resetAfter = (await onValid(toPayload(def, values), values)) === true
      },
      (_errors: FieldErrors) => {
        setShowSummary(true)
        setFocusSummary(n => n + 1)
      },
    )(e)
    // Reset once react-hook-form has finished its submit bookkeeping.
    if (resetAfter) resetAll()
  }

  const resetAll = () => {
    // Native reset clears what react-hook-form cannot set, such as a file input.
    formRef.current?.reset()
    form.reset(defaultValues(def))
    setShowSummary(false)
  }

  const applyFieldErrors = (fields: Record<string, string>) => {
    const known = new Set(def.campos.map(c => c.nombre))
    for (const [name, message] of Object.entries(fields)) {
      if (known.has(name)) form.setError(name, { type: 'server', message })
    }
  }

  return { prepared, form, formRef, summaryRef, idFor, visibleError, summary, onSubmit, resetAll, applyFieldErrors, warmUp: () => void loadValidator(def.id) }
}
