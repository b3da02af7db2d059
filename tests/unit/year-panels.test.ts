/**
 * Year accordions: the newest year leads whatever order panels and rows are
 * written in; a year no declared panel covers gets its own panel; rows in
 * period order, never by file name.
 */
import { describe, expect, it } from 'vitest'
import type { Fila, SeccionDocumentos } from '../../src/manifest/types.generated.ts'
import { initiallyOpen, panelsFor, periodOrder } from '../../src/manifest/documentPanels.ts'

const row = (anio: number, titulo: string, extra: Partial<Fila> = {}): Fila => ({ anio, titulo, archivo: `/assets/x/${titulo}.pdf`, ...extra })
const section = (extra: Partial<SeccionDocumentos> = {}): SeccionDocumentos => ({ tipo: 'documentos', fuente: 'x', ...extra })

describe('year panels', () => {
  const rows = [
    row(2019, 'a19'),
    row(2024, 'diciembre', { fecha: '2025-02-20' }),
    row(2024, 'junio', { fecha: '2024-07-22' }),
    row(2025, 'marzo-25', { fecha: '2025-04-20' }),
    row(2024, 'marzo', { fecha: '2024-04-22' }),
    row(2021, 'a21'),
  ]
  const paneles = [
    { id: '2016-2019', titulo: '2016 a 2019', desde: 2016, hasta: 2019 },
    { id: '2024', titulo: '2024', desde: 2024, hasta: 2024 },
    { id: '2020-2023', titulo: '2020 a 2023', desde: 2020, hasta: 2023 },
  ]

  it('declared panels come newest first whatever order they are written in; an uncovered year gets its own panel at the top', () => {
    const panels = panelsFor(section({ paneles }), rows)
    expect(panels.map(p => [p.id, p.title, p.automatic ?? false])).toEqual([
      ['2025', '2025', true],
      ['2024', '2024', false],
      ['2020-2023', '2020 a 2023', false],
      ['2016-2019', '2016 a 2019', false],
    ])
  })

  it('«reciente» opens the newest year, «primero» the first panel, a pinned id that panel', () => {
    const panels = panelsFor(section({ paneles }), rows)
    expect(initiallyOpen('reciente', panels)).toBe('2025')
    expect(initiallyOpen('2024', panels)).toBe('2024')
    expect(initiallyOpen('ninguno', panels)).toBeUndefined()
    // A plain accordion: the panel whose id is the largest year, wherever it is.
    expect(initiallyOpen('reciente', [{ id: '2019' }, { id: '2020' }, { id: 'otros' }])).toBe('2020')
  })

  it('rows by date inside a year, newest year first; undated rows keep their place; never by file name', () => {
    expect(periodOrder(rows).map(r => r.titulo)).toEqual(['marzo-25', 'marzo', 'junio', 'diciembre', 'a21', 'a19'])
    const mixed = [row(2024, 'informe-b'), row(2024, 'z', { fecha: '2024-09-01' }), row(2024, 'informe-a'), row(2024, 'a', { fecha: '2024-03-01' })]
    expect(periodOrder(mixed).map(r => r.titulo)).toEqual(['informe-b', 'a', 'informe-a', 'z'])
  })

  it('without declared panels: one panel per year, newest first', () => {
    expect(panelsFor(section(), rows).map(p => p.id)).toEqual(['2025', '2024', '2021', '2019'])
  })
})
