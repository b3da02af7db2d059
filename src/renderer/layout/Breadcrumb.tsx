import type { Crumb } from '../types.ts'

/**
 * WAI-ARIA breadcrumb pattern: labelled nav, ordered list, aria-current on the last item. On phones the list gives
 * way to one line, the parent page's link «‹ Parent» (GOV.UK's collapsed breadcrumb), rendered before the list so
 * that nothing already painted depends on crumbs still to arrive (docs/decisions/accessibility.md). The home page
 * has no breadcrumb: the Layout leaves it out.
 */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const parent = crumbs.length > 1 ? crumbs[crumbs.length - 2] : undefined
  return (
    <nav aria-label="Ruta de navegación" className="migas">
      {parent && (
        <a href={parent.url} className="migas-superior">
          {parent.label}
        </a>
      )}
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
