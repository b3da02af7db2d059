import fs from 'node:fs'
import path from 'node:path'
import { parseHTML } from 'linkedom'

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

/** The pre-rendered page of a route as a DOM document. */
export function renderedPage(route: string): Document {
  const html = fs.readFileSync(htmlFileFor(route), 'utf8')
  return parseHTML(html).document as unknown as Document
}

export function text(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** The id of the open panel of each accordion on the page, in order. */
export function openPanels(doc: Document): string[] {
  return [...doc.querySelectorAll('details[open]')].map((d) => d.id)
}
