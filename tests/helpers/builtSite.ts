import fs from 'node:fs'
import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'

export type { HTMLElement }

/** Folder of the pre-rendered site; `npm test` builds into dist before running the tests. */
export function clientDir(): string {
  return path.resolve(process.env.BUILD_OUT_DIR ?? 'dist', 'client')
}

export function htmlFileFor(route: string): string {
  return path.join(clientDir(), route === '/' ? 'index.html' : `${route}/index.html`)
}

export function isPrerendered(route: string): boolean {
  return fs.existsSync(htmlFileFor(route))
}

/** The pre-rendered page of a route as a DOM tree (querySelector / querySelectorAll / textContent / getAttribute). */
export function renderedPage(route: string): HTMLElement {
  return parse(fs.readFileSync(htmlFileFor(route), 'utf8'))
}

export function text(el: HTMLElement | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** The id of each open <details> panel on the page, in order. */
export function openPanels(doc: HTMLElement): string[] {
  return doc.querySelectorAll('details[open]').map(d => d.id)
}
