import { describe, expect, it } from 'vitest'
import { type Publication, publicationGroups } from '../../src/renderer/sections/registroPublicaciones/prepare.ts'

const row = (titulo: string, anio: number, fecha: string): Publication => ({ titulo, url: `/assets/${titulo}.pdf`, fecha, anio, lista: 'Informes' })

/** The register's panels are years of publication, not reporting periods (docs/decisions/transparency-and-identity.md). */
describe('registro de publicaciones', () => {
  it('puts a 2025 report published on 2026-01-30 under 2026, and rows without a date in a last panel that says so', () => {
    const groups = publicationGroups([row('informe-2025', 2025, '2026-01-30'), row('plan-2025', 2025, '2025-02-10'), row('acta', 2024, '')])
    expect(groups.map(g => [g.id, g.etiqueta, g.filas.map(r => r.titulo)])).toEqual([
      ['registro-2026', 'Publicados en 2026', ['informe-2025']],
      ['registro-2025', 'Publicados en 2025', ['plan-2025']],
      ['registro-sin-fecha', 'Sin fecha de publicación', ['acta']],
    ])
  })
})
