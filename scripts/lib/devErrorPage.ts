/**
 * What `npm run dev` answers for a page opened or reloaded while the manifest has errors. The site's pages cannot
 * be rendered from an invalid manifest, and Vike's own answer then is «An error occurred.», in English, with a
 * stack trace in the terminal. Staff get instead the validator's Spanish lines and the bundler's client, which
 * reloads the page when the fix is saved (and shows the same lines in its overlay).
 */
import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { formatProblem, type Problem } from '../../src/manifest/problem.ts'

export function manifestErrorPage(errors: Problem[]): string {
  const page = h(
    'html',
    { lang: 'es' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('title', null, 'Vista previa: el manifiesto tiene errores'),
      h('script', { type: 'module', src: '/@vite/client' }),
    ),
    h(
      'body',
      { style: { fontFamily: 'system-ui, sans-serif', margin: '2rem', lineHeight: 1.5 } },
      h('h1', null, `El manifiesto tiene ${errors.length} error(es)`),
      h('p', null, 'Corrija el archivo en la línea y la columna indicadas y guárdelo: esta página se actualiza sola.'),
      h('pre', { style: { whiteSpace: 'pre-wrap', background: '#fff3f3', padding: '1rem' } }, errors.map(formatProblem).join('\n')),
    ),
  )
  return `<!doctype html>${renderToStaticMarkup(page)}`
}
