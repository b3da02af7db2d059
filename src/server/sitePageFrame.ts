import fs from 'node:fs'
import path from 'node:path'
import { type HTMLElement, parse } from 'node-html-parser'
import { isFileControl } from '../forms/compileFormSchema.ts'
import type { FormDefinition } from '../manifest/types.generated.ts'

/**
 * The site's own frame for the pages the server answers a form posted without script (docs/decisions/filings.md):
 * a pre-rendered page of the current release (GOV.CO bar, header, footer), read as a document tree, never spliced
 * as text. A citizen's value only ever enters it escaped (`escapeHtml`) or as markup React rendered. The page's
 * scripts are removed: the answer is for a browser without script, and a script that ran would redraw the page
 * from its build-time state (an empty form).
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A built page of the served release (`/pqrsd` → `<root>/pqrsd/index.html`), its scripts removed; undefined when missing. */
export function sitePage(root: string, route: string): HTMLElement | undefined {
  const rel = route.replace(/^\/+|\/+$/g, '')
  if (rel.split('/').some(p => p === '..' || p === '.')) return undefined
  const file = path.join(root, rel, 'index.html')
  let html: string
  try {
    html = fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  const doc = parse(html, { comment: false })
  for (const s of doc.querySelectorAll('script')) s.remove()
  for (const l of doc.querySelectorAll('link[rel="modulepreload"]')) l.remove()
  return doc
}

/** The document as the server sends it: one doctype, written as the server's own pages write it, then the markup. */
export function documentHtml(doc: HTMLElement): string {
  return `<!doctype html>\n${doc.toString().replace(/^\s*<!doctype html>\s*/i, '')}\n`
}

/** Prefixes the page's title (e.g. «Error: » for a form sent back with errors, as GOV.UK does). */
export function retitle(doc: HTMLElement, title: (old: string) => string): void {
  const t = doc.querySelector('title')
  if (t) t.set_content(escapeHtml(title(t.textContent)))
}

/** Puts `markup` (rendered by React) as the whole content of the page's main region; false when the page has none. */
export function replaceMain(doc: HTMLElement, markup: string): boolean {
  const main = doc.querySelector('main')
  if (!main) return false
  main.set_content(markup)
  return true
}

export interface Refill {
  /** What the citizen typed, by field name (files are not among them: a browser never keeps them). */
  typed: Record<string, string>
  /** Each field's message. */
  errors: Record<string, string>
  /** The error summary, rendered by React; placed right before the form. */
  summary: string
  /** A field's message as rendered by React, with the id `errorId`. */
  fieldError: (errorId: string, message: string) => string
}

/**
 * The form of `form` in its page, filled in with what was typed and marked with each field's message (aria-invalid,
 * aria-describedby), the summary before it: GOV.UK's pattern for a form sent back. False when the page has no such form.
 */
export function refillForm(doc: HTMLElement, form: FormDefinition, { typed, errors, summary, fieldError }: Refill): boolean {
  const el = doc.querySelectorAll('form').find(f => f.getAttribute('action') === form.endpoint)
  if (!el) return false
  for (const c of form.campos) {
    const id = `${form.id}-${c.nombre}`
    const value = typed[c.nombre]
    if (c.control === 'radio') {
      for (const r of el.querySelectorAll(`input[type="radio"]`))
        if (r.getAttribute('name') === c.nombre) {
          if (value !== undefined && r.getAttribute('value') === value) r.setAttribute('checked', '')
          else r.removeAttribute('checked')
        }
    }
    const control = el.querySelector(`#${id}`)
    if (!control) continue
    if (value !== undefined && !isFileControl(c) && c.control !== 'hidden') fill(control, c.control, value)
    const message = errors[c.nombre]
    if (message === undefined) continue
    const errorId = `${id}-error`
    control.setAttribute('aria-invalid', 'true')
    const described = [control.getAttribute('aria-describedby'), errorId].filter(Boolean).join(' ')
    control.setAttribute('aria-describedby', described)
    // The message goes after the control's help, inside the field's block, as the page's script shows it.
    const block = control.closest('.campo') ?? control.parentNode
    if (block) block.insertAdjacentHTML('beforeend', fieldError(errorId, message))
  }
  el.insertAdjacentHTML('beforebegin', summary)
  return true
}

function fill(control: HTMLElement, kind: string, value: string): void {
  const tag = control.tagName.toLowerCase()
  if (tag === 'textarea') control.set_content(escapeHtml(value))
  else if (tag === 'select') {
    for (const o of control.querySelectorAll('option')) {
      if (o.getAttribute('value') === value) o.setAttribute('selected', '')
      else o.removeAttribute('selected')
    }
  } else if (kind === 'checkbox') {
    if (value === 'true' || value === 'on') control.setAttribute('checked', '')
    else control.removeAttribute('checked')
  } else control.setAttribute('value', escapeHtml(value))
}
