import { Heading } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** Norms search: a plain GET form to /buscar?q={text}, so it works without JavaScript. */
export function BuscadorNormas({ section }: { section: PreparedSectionOf<'buscadorNormas'> }) {
  return (
    <section className="seccion-buscador-normas">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      {section.descripcion && <p>{section.descripcion}</p>}
      <form role="search" action="/buscar" method="get" aria-label="Búsqueda de normas">
        <label htmlFor="texto-norma">Texto a buscar</label>
        <fieldset role="group">
          <input id="texto-norma" type="search" name="q" required minLength={2} maxLength={100} autoComplete="off" aria-describedby="ayuda-norma" />
          <button type="submit">Buscar</button>
        </fieldset>
        <small id="ayuda-norma">Por ejemplo: «resolución», «acuerdo 031» o un año. Las tildes no importan.</small>
      </form>
    </section>
  )
}
