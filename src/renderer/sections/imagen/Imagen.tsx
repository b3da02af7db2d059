import type { PreparedSectionOf } from '../../types.ts'

export function Imagen({ section }: { section: PreparedSectionOf<'imagen'> }) {
  return (
    <figure className="seccion-imagen">
      <img src={section.src} alt={section.alt} width={section.ancho} height={section.alto} loading="lazy" decoding="async" />
      {section.pie && <figcaption>{section.pie}</figcaption>}
    </figure>
  )
}
