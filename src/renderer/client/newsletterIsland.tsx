import { useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PreparedForm } from '../../forms/prepared.ts'
import { ApiForm } from '../forms-ui/ApiForm.tsx'

/**
 * The footer newsletter on a plain-HTML page: the same ApiForm as on
 * hydrated pages, hydrated on its own when the visitor first uses it.
 * Resolves once React has taken over the form.
 */
export function hydrateNewsletter(container: HTMLElement, prepared: PreparedForm): Promise<void> {
  return new Promise(hydrated => {
    // biome-ignore lint/correctness/noComponentHookFactories: made once per hydration, to resolve this promise when React has committed the island
    function Island() {
      useEffect(() => hydrated(), [])
      return <ApiForm prepared={prepared} variant="pie" />
    }
    hydrateRoot(container, <Island />)
  })
}
