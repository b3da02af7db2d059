import type { Crumb } from '../types.ts'

/** WAI-ARIA breadcrumb pattern: labelled nav, ordered list, aria-current on the last item. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Ruta de navegación" className="migas">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.url}>
            {i === crumbs.length - 1 ? (
              <a href={c.url} aria-current="page">
                {c.label}
              </a>
            ) : (
              <a href={c.url}>{c.label}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
