import { Heading, Nested, useHeadingLevel } from '../../../views/Heading.tsx'
import { formatDate } from '../../../views/formatDate.ts'
import type { PreparedSectionOf } from '../../types.ts'
import type { PreparedNoticia } from './prepare.ts'

const ALL_NEWS_PATH = '/notices/all'

/** yyyy-MM-dd → [dd, MM, yyyy] as written, without time-zone surprises. */
function dateParts(day: string): [string, string, string] {
  const [y = '', m = '', d = ''] = day.split('-')
  return [d, m, y]
}

/** Heading tag of each item: the current level (nested below the section heading when it has one). */
function useItemHeading(): 'h3' {
  return `h${Math.min(useHeadingLevel(), 6)}` as 'h3'
}

/** Home block: day (dd) and month (MM) badge, title linking to the item on the full list, unit and summary. */
function Latest({ items }: { items: PreparedNoticia[] }) {
  const ItemHeading = useItemHeading()
  return (
    <>
      <ul className="noticias-recientes">
        {items.map(n => {
          const [dd, mm] = dateParts(n.fechaCreacion)
          return (
            <li key={n.id}>
              <article className="noticia-breve" aria-labelledby={`breve-${n.id}`}>
                <time className="fecha-noticia" dateTime={n.fechaCreacion}>
                  <span className="dia" aria-hidden="true">
                    {dd}
                  </span>
                  <span className="mes" aria-hidden="true">
                    {mm}
                  </span>
                  <span className="visually-hidden">{formatDate(n.fechaCreacion)}</span>
                </time>
                <div>
                  <ItemHeading id={`breve-${n.id}`}>
                    <a href={`${ALL_NEWS_PATH}#${n.id}`} dangerouslySetInnerHTML={{ __html: n.titulo }} />
                  </ItemHeading>
                  <div className="dependencia-noticia" dangerouslySetInnerHTML={{ __html: n.dependencia }} />
                  {n.resumen && <p className="resumen-noticia">{n.resumen}</p>}
                </div>
              </article>
            </li>
          )
        })}
      </ul>
      <p>
        <a href={ALL_NEWS_PATH}>Ver todas las noticias</a>
      </p>
    </>
  )
}

/** Full list: header, title, issuing unit, body (sanitized HTML) and MM/yyyy date; each item is an anchor. */
function AllNews({ items }: { items: PreparedNoticia[] }) {
  const ItemHeading = useItemHeading()
  return (
    <div className="noticias-todas">
      {items.map(n => {
        const [, mm, yyyy] = dateParts(n.fechaCreacion)
        return (
          <article key={n.id} id={n.id} className="noticia" aria-labelledby={`${n.id}-titulo`}>
            {n.encabezado && <div className="encabezado-noticia" dangerouslySetInnerHTML={{ __html: n.encabezado }} />}
            <ItemHeading id={`${n.id}-titulo`} dangerouslySetInnerHTML={{ __html: n.titulo }} />
            <div className="meta-noticia">
              <div className="dependencia-noticia" dangerouslySetInnerHTML={{ __html: n.dependencia }} />
              <p className="fecha-publicacion">
                Publicada: <time dateTime={n.fechaCreacion}>{`${mm}/${yyyy}`}</time>
                {n.muestra && <span className="etiqueta-muestra"> · Noticia de muestra</span>}
              </p>
            </div>
            <div className="cuerpo-noticia" dangerouslySetInnerHTML={{ __html: n.cuerpo }} />
          </article>
        )
      })}
    </div>
  )
}

export function Noticias({ section }: { section: PreparedSectionOf<'noticias'> }) {
  const latest = section.vista === 'ultimas'
  const titulo = section.titulo ?? (latest ? 'Últimas noticias' : undefined)
  return (
    <section className={`seccion-noticias ${latest ? 'noticias-ultimas' : ''}`}>
      {titulo && <Heading>{titulo}</Heading>}
      {section.items.length === 0 ? (
        <p>Por ahora no hay noticias publicadas.</p>
      ) : titulo ? (
        <Nested>{latest ? <Latest items={section.items} /> : <AllNews items={section.items} />}</Nested>
      ) : latest ? (
        <Latest items={section.items} />
      ) : (
        <AllNews items={section.items} />
      )}
    </section>
  )
}
