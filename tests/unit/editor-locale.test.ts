import { describe, expect, it } from 'vitest'
import { ES_SUPPLEMENT } from '../../scripts/lib/editorLocale.ts'

/** Every phrase of Decap's English interface has a Spanish one (Decap's `es` or ours), so nothing shows in English. */
function missing(en: Record<string, unknown>, es: Record<string, unknown> | undefined, at = ''): string[] {
  return Object.entries(en).flatMap(([k, v]) => {
    const key = at ? `${at}.${k}` : k
    if (v && typeof v === 'object') return missing(v as Record<string, unknown>, es?.[k] as Record<string, unknown> | undefined, key)
    return typeof es?.[k] === 'string' && es[k] !== '' ? [] : [key]
  })
}

function merge(a: any, b: any): any {
  const out: any = { ...a }
  for (const [k, v] of Object.entries(b)) out[k] = v && typeof v === 'object' ? merge(out[k] ?? {}, v) : v
  return out
}

describe('the browser editor speaks Spanish', () => {
  it('Decap’s es phrases plus ours cover every phrase of its English interface', async () => {
    const en = (await import('decap-cms-locales/dist/esm/en/index.js' as string)).default
    const es = (await import('decap-cms-locales/dist/esm/es/index.js' as string)).default
    expect(missing(en, merge(es, ES_SUPPLEMENT))).toEqual([])
    // The list button names one item in Spanish.
    expect(merge(es, ES_SUPPLEMENT).editor.editorWidgets.list.add).toBe('Agregar %{item}')
  })
})
