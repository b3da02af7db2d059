import { SmartLink } from '../components/SmartLink.tsx'
import type { ItemMenuLateral, MenuLateral } from '../../manifest/types.generated.ts'

function Items({ items, current }: { items: ItemMenuLateral[]; current: string }) {
  return (
    <ul>
      {items.map(item => (
        <li key={item.url + item.texto}>
          {item.url === current ? (
            <a href={item.url} aria-current="page">
              {item.texto}
            </a>
          ) : (
            <SmartLink url={item.url}>{item.texto}</SmartLink>
          )}
          {item.hijos && <Items items={item.hijos} current={current} />}
        </li>
      ))}
    </ul>
  )
}

/**
 * On phones the section menu folds behind «En esta sección» so the page's own
 * content comes first; on wide screens it is always shown (CSS only, no JavaScript).
 */
export function SideMenu({ menu, current }: { menu: MenuLateral; current: string }) {
  return (
    <nav aria-label={`Menú de ${menu.titulo}`} className="menu-lateral">
      <details className="menu-lateral-plegable">
        <summary>
          En esta sección: <span>{menu.titulo}</span>
        </summary>
        <h2>{menu.titulo}</h2>
        <Items items={menu.enlaces} current={current} />
      </details>
    </nav>
  )
}
