import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'node-html-parser'
import { runExport } from '../../src/server/export.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import type { TramiteRow } from '../../src/server/store/office.ts'
import type { FilingStore } from '../../src/server/store/store.ts'
import { FILING_PLAN, ROOT, startInProcess, tempDataDir, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * docs/decisions/tracking-and-report.md: the published report of requests (Decreto 103 de 2015,
 * art. 52) on a seeded store, against figures computed by hand below, the
 * same in the page (no JavaScript), the CSV, the JSON and the export command.
 *
 * Colombian holidays in the period: Mon 2026-07-20, Fri 2026-08-07, Mon 2026-08-17.
 * Response days count from the business day after the (effective) day of receipt.
 */

const NAME = 'Gumersinda Quiñónez'
const ID_NUMBER = '99887766'
const EMAIL = 'gumersinda@example.com'
const MESSAGE = 'Texto privado de la solicitud'

interface Seed {
  kind: 'pqrs' | 'cita' | 'historia'
  tipo?: number
  /** ISO with Colombia's offset. */
  at: string
  vence: string
  ampliadaHasta?: string
  answer?: { accion: 'responder' | 'trasladar'; at: string; negada?: boolean }
  cerrar?: boolean
  /** Registered by the office from this channel (docs/decisions/tracking-and-report.md); web otherwise. */
  canal?: 'presencial' | 'telefonico' | 'correo' | 'escrito'
  /** Day of receipt set by the office, earlier than the registration. */
  recibidaEl?: string
}

const SEEDS: Record<string, Seed> = {
  // Petición, Thu 07-16, answered Tue 07-21: Fri 17 (1), Mon 20 is a holiday, Tue 21 (2) → 2 days, on time.
  A: {
    kind: 'pqrs',
    canal: 'presencial',
    tipo: 1,
    at: '2026-07-16T10:00:00-05:00',
    vence: '2026-08-07',
    answer: { accion: 'responder', at: '2026-07-21T09:00:00-05:00' },
    cerrar: true,
  },
  // Petición received on the Boyacá holiday (Fri 08-07): counts from Mon 08-10; answered Wed 08-12 → 2 days, on time.
  B: { kind: 'pqrs', tipo: 1, at: '2026-08-07T15:00:00-05:00', vence: '2026-09-01', answer: { accion: 'responder', at: '2026-08-12T16:00:00-05:00' } },
  // Petición by phone, Wed 07-01, due Thu 07-23 (15 business days, 07-20 skipped); answered Fri 07-24 → 16 days, LATE.
  C: {
    kind: 'pqrs',
    canal: 'telefonico',
    tipo: 1,
    at: '2026-07-01T08:00:00-05:00',
    vence: '2026-07-23',
    answer: { accion: 'responder', at: '2026-07-24T08:00:00-05:00' },
  },
  // Queja, Mon 08-03, due 08-26, extended to 09-10; answered (refused) Tue 09-01 → 19 days, on time thanks to the extension.
  D: {
    kind: 'pqrs',
    tipo: 2,
    at: '2026-08-03T11:00:00-05:00',
    vence: '2026-08-26',
    ampliadaHasta: '2026-09-10',
    answer: { accion: 'responder', at: '2026-09-01T10:00:00-05:00', negada: true },
  },
  // Queja, 09-29, pending.
  E: { kind: 'pqrs', tipo: 2, at: '2026-09-29T09:00:00-05:00', vence: '2026-10-21' },
  // Solicitud de información pública, 07-06, forwarded 07-08 (and closed).
  F: {
    kind: 'pqrs',
    tipo: 8,
    at: '2026-07-06T09:00:00-05:00',
    vence: '2026-07-20',
    answer: { accion: 'trasladar', at: '2026-07-08T09:00:00-05:00' },
    cerrar: true,
  },
  // Solicitud de información pública at 23:30 of 09-30 in Colombia (already 10-01 in UTC): in the third quarter; pending.
  G: { kind: 'pqrs', tipo: 8, at: '2026-09-30T23:30:00-05:00', vence: '2026-10-15' },
  // Outside the quarter in Colombia time: 10-01 00:30 and 06-30 23:59.
  H: { kind: 'pqrs', tipo: 1, at: '2026-10-01T00:30:00-05:00', vence: '2026-10-23' },
  H2: { kind: 'pqrs', tipo: 1, at: '2026-06-30T23:59:00-05:00', vence: '2026-07-22', answer: { accion: 'responder', at: '2026-07-02T09:00:00-05:00' } },
  // Petición on paper received Wed 09-30, registered by the office on Thu 10-01: in the third quarter (its day of receipt); pending.
  K: { kind: 'pqrs', canal: 'escrito', recibidaEl: '2026-09-30', tipo: 1, at: '2026-10-01T09:00:00-05:00', vence: '2026-10-22' },
  // Appointment, Tue 07-14, answered the same day → 0 days, on time.
  I: { kind: 'cita', at: '2026-07-14T08:00:00-05:00', vence: '2026-07-17', answer: { accion: 'responder', at: '2026-07-14T15:00:00-05:00' } },
  // Clinical record, Sat 07-25: counts from Mon 07-27; answered Fri 07-31 → 4 days, on time.
  J: { kind: 'historia', at: '2026-07-25T10:00:00-05:00', vence: '2026-08-11', answer: { accion: 'responder', at: '2026-07-31T10:00:00-05:00' } },
}

/** Figures computed by hand from the seeds above. */
type Row = [
  recibidas: number,
  trasladadas: number,
  negadas: number,
  aTiempo: number,
  tarde: number,
  pendientes: number,
  promedio: number | null,
  mediana: number | null,
]
const EXPECTED_T3: Record<string, Row> = {
  Petición: [4, 0, 0, 2, 1, 1, 6.7, 2], // days 2, 2, 16: mean 20/3; K pending
  Queja: [2, 0, 1, 1, 0, 1, 19, 19],
  Reclamo: [0, 0, 0, 0, 0, 0, null, null],
  Sugerencia: [0, 0, 0, 0, 0, 0, null, null],
  Denuncia: [0, 0, 0, 0, 0, 0, null, null],
  Felicitación: [0, 0, 0, 0, 0, 0, null, null],
  Solicitud: [0, 0, 0, 0, 0, 0, null, null],
  'Solicitud de información pública': [2, 1, 0, 0, 0, 1, null, null],
  'Solicitud de cita': [1, 0, 0, 1, 0, 0, 0, 0],
  'Solicitud de historia clínica': [1, 0, 0, 1, 0, 0, 4, 4],
  Total: [10, 1, 1, 5, 1, 3, 7.2, 3], // days 0, 2, 2, 4, 16, 19: mean 43/6, median (2 + 4) / 2
}

/** The same quarter per channel of receipt (docs/decisions/tracking-and-report.md), by hand: each filing once, in its channel. */
const EXPECTED_T3_BY_CHANNEL: Record<string, Row> = {
  'Sitio web': [7, 1, 1, 4, 0, 2, 6.3, 3], // B, D, E, F, G, I, J: days 0, 2, 4, 19 → mean 25/4 = 6.25, median (2 + 4) / 2
  Presencial: [1, 0, 0, 1, 0, 0, 2, 2], // A
  Telefónico: [1, 0, 0, 0, 1, 0, 16, 16], // C
  'Correo electrónico': [0, 0, 0, 0, 0, 0, null, null],
  'Escrito (documento en papel)': [1, 0, 0, 0, 0, 1, null, null], // K
}

function tramite(s: Seed, extra: Partial<TramiteRow> = {}): Omit<TramiteRow, 'radicado'> {
  return {
    estado: 'radicada',
    diasHabiles: 15,
    vence: s.vence,
    venceOriginal: s.vence,
    venceMaximo: '2026-12-31',
    venceTraslado: '2026-12-31',
    ampliada: false,
    ...extra,
  }
}

async function seed(store: FilingStore): Promise<string[]> {
  const numbers: string[] = []
  for (const s of Object.values(SEEDS)) {
    const datos: Record<string, unknown> = {
      nombre: NAME,
      numeroIdentificacion: ID_NUMBER,
      correoElectronico: EMAIL,
      mensaje: MESSAGE,
      ...(s.tipo ? { tipoSolicitud: s.tipo } : {}),
    }
    const id = await store.createFiling({ kind: s.kind, datos, now: new Date(s.at), tramite: tramite(s), canal: s.canal, recibidaEl: s.recibidaEl })
    numbers.push(id)
    let current: TramiteRow = { radicado: id, ...tramite(s) }
    const act = async (accion: string, next: TramiteRow, at: string, extra: Record<string, unknown> = {}) => {
      await store.recordAction({
        expected: { estado: current.estado, ampliada: current.ampliada, existed: true },
        tramite: next,
        history: {
          radicado: id,
          accion,
          estadoAnterior: current.estado,
          estadoNuevo: next.estado,
          en: new Date(at).toISOString(),
          texto: `${NAME} ${MESSAGE}`,
          ...extra,
        },
        audit: { evento: 'accion', radicado: id, detalle: accion },
      })
      current = next
    }
    if (s.ampliadaHasta) await act('ampliar', { ...current, vence: s.ampliadaHasta, ampliada: true }, s.at, { nuevaFecha: s.ampliadaHasta })
    if (s.answer) {
      const estado = s.answer.accion === 'responder' ? 'respondida' : 'trasladada'
      await act(s.answer.accion, { ...current, estado, respondidaEn: new Date(s.answer.at).toISOString() }, s.answer.at, {
        ...(s.answer.negada ? { negada: true } : {}),
        ...(s.answer.accion === 'trasladar' ? { entidad: 'Secretaría de Salud' } : {}),
      })
    }
    if (s.cerrar) await act('cerrar', { ...current, estado: 'cerrada', cerradaEn: new Date(s.answer!.at).toISOString() }, s.answer!.at)
  }
  return numbers
}

/** The CSV's rows as figures by row name (semicolon-separated, decimal comma, «» for nothing answered). */
function csvFigures(csv: string): Record<string, Row> {
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const lines = csv.slice(1).trimEnd().split('\r\n')
  const cells = (line: string) => line.split(';').map(c => c.replace(/^"|"$/g, '').replace(/""/g, '"'))
  expect(cells(lines[0]!)).toEqual([
    'Periodo',
    'Tipo de solicitud',
    'Canal de recepción',
    'Recibidas',
    'Trasladadas a otra entidad',
    'Negadas',
    'Respondidas a tiempo',
    'Respondidas fuera de término',
    'Pendientes',
    'Tiempo promedio de respuesta (días hábiles)',
    'Tiempo mediano de respuesta (días hábiles)',
  ])
  const out: Record<string, Row> = {}
  for (const line of lines.slice(1)) {
    const [periodo, tipo, canal, ...rest] = cells(line)
    expect(periodo).toMatch(/^2026(-T3)?$/)
    const num = (c: string) => (c === '' ? null : Number(c.replace(',', '.')))
    // Rows per type cover every channel; rows per channel cover every type.
    if (tipo === 'Todos los tipos') out[canal!] = rest.map(num) as Row
    else {
      expect(canal).toBe('Todos los canales')
      out[tipo!] = rest.map(num) as Row
    }
  }
  return out
}

describe('the published report of requests (Decreto 103 de 2015, art. 52)', () => {
  let dataDir: string
  let numbers: string[]
  let server: RunningServer

  beforeAll(async () => {
    dataDir = tempDataDir('informe')
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    try {
      numbers = await seed(store)
    } finally {
      await store.close()
    }
    server = await startInProcess({ dataDir })
  })
  afterAll(async () => server?.close())

  it('the JSON figures of 2026-T3 match the hand-computed ones (received, forwarded, refused, on time, late, pending, mean and median business days across holidays)', async () => {
    const res = await fetch(`${server.url}/api/informe-solicitudes?periodo=2026-T3`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      periodo: { clave: string; desde: string; hasta: string }
      filas: Array<Record<string, unknown>>
      porCanal: Array<Record<string, unknown>>
      total: Record<string, unknown>
    }
    expect(body.periodo).toMatchObject({ clave: '2026-T3', desde: '2026-07-01', hasta: '2026-09-30' })
    const figures = (rows: Array<Record<string, unknown>>) =>
      Object.fromEntries(rows.map(r => [r.nombre, [r.recibidas, r.trasladadas, r.negadas, r.aTiempo, r.tarde, r.pendientes, r.promedioDias, r.medianaDias]]))
    expect(figures([...body.filas, body.total])).toEqual(EXPECTED_T3)
    expect(figures(body.porCanal)).toEqual(EXPECTED_T3_BY_CHANNEL)
  })

  it('the CSV (UTF-8 with BOM, «;», decimal comma) and `npm run -s export -- informe --trimestre 2026-T3` give the same figures, and no personal data', async () => {
    const res = await fetch(`${server.url}/api/informe-solicitudes.csv?periodo=2026-T3`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="informe-solicitudes-2026-T3.csv"')
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    // Aggregates only: nothing of a filing (its data, the office's texts, its number) is in the file.
    for (const secret of [NAME, 'Gumersinda', ID_NUMBER, EMAIL, MESSAGE, 'Secretaría de Salud', ...numbers]) expect(csv).not.toContain(secret)
    expect(csvFigures(csv)).toEqual({ ...EXPECTED_T3, ...EXPECTED_T3_BY_CHANNEL })
    expect(csv).toContain('"6,7"')
    const exported = await runExport(['informe', '--trimestre', '2026-T3'], { DATA_DIR: dataDir })
    expect(exported).toBe(csv)
  })

  it('the year 2026 counts the whole year (the filings of June and October too), by page, CSV and export', async () => {
    const json = (await (await fetch(`${server.url}/api/informe-solicitudes?periodo=2026`)).json()) as {
      total: Record<string, unknown>
      filas: Array<Record<string, unknown>>
    }
    // H2 (06-30, answered 07-02: 2 days, on time) and H (10-01, pending) join the quarter's 10.
    expect(json.total).toMatchObject({ recibidas: 12, trasladadas: 1, negadas: 1, aTiempo: 6, tarde: 1, pendientes: 4, promedioDias: 6.4, medianaDias: 2 })
    expect(json.filas.find(r => r.nombre === 'Petición')).toMatchObject({
      recibidas: 6,
      aTiempo: 3,
      tarde: 1,
      pendientes: 2,
      promedioDias: 5.5,
      medianaDias: 2,
    })
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await (await fetch(`${server.url}/api/informe-solicitudes.csv?periodo=2026`)).arrayBuffer(),
    )
    expect(await runExport(['informe', '--anio', '2026'], { DATA_DIR: dataDir })).toBe(csv)
    expect(csvFigures(csv).Total).toEqual([12, 1, 1, 6, 1, 4, 6.4, 2])
  })

  it('the page is server-rendered in the site layout: a GET form with the period, an accessible table, links to the CSV; no script needed', async () => {
    const res = await fetch(`${server.url}/transparencia/informe-solicitudes?periodo=2026-T3`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const doc = parse(html)
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('es')
    // The site's layout: header, footer, the page's own title from its manifest.
    expect(doc.querySelector('header')).not.toBeNull()
    expect(doc.querySelector('footer')).not.toBeNull()
    expect(doc.querySelector('h1')?.textContent).toBe('Informe de solicitudes de acceso a la información y PQRSD')
    const form = doc.querySelector('form.informe-periodo')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/transparencia/informe-solicitudes')
    const select = form.querySelector('select[name="periodo"]')!
    expect(doc.querySelector(`label[for="${select.getAttribute('id')}"]`)?.textContent).toBe('Periodo del informe')
    expect(select.querySelector('option[selected]')?.getAttribute('value')).toBe('2026-T3')
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Ver informe')
    const table = doc.querySelector('#informe-solicitudes table')!
    expect(table.querySelector('caption')?.textContent).toBe('Solicitudes recibidas en el tercer trimestre de 2026 (julio a septiembre), por tipo de solicitud')
    expect(table.querySelectorAll('thead th').every(th => th.getAttribute('scope') === 'col')).toBe(true)
    const rows = Object.fromEntries(
      table.querySelectorAll('tbody tr, tfoot tr').map(tr => {
        const th = tr.querySelector('th')!
        expect(th.getAttribute('scope')).toBe('row')
        return [th.textContent, tr.querySelectorAll('td').map(td => td.textContent)]
      }),
    )
    expect(rows.Petición).toEqual(['4', '0', '0', '2', '1', '1', '6,7', '2'])
    expect(rows['Solicitud de información pública']).toEqual(['2', '1', '0', '0', '0', '1', '—', '—'])
    expect(rows.Total).toEqual(['10', '1', '1', '5', '1', '3', '7,2', '3'])
    // The second table: the same quarter per channel of receipt (docs/decisions/tracking-and-report.md).
    const byChannel = doc.querySelectorAll('#informe-solicitudes table')[1]!
    expect(byChannel.querySelector('caption')?.textContent).toBe(
      'Solicitudes recibidas en el tercer trimestre de 2026 (julio a septiembre), por canal de recepción',
    )
    expect(byChannel.querySelector('thead th')?.textContent).toBe('Canal de recepción')
    const channelRows = Object.fromEntries(
      byChannel.querySelectorAll('tbody tr').map(tr => [tr.querySelector('th')!.textContent, tr.querySelectorAll('td').map(td => td.textContent)]),
    )
    expect(channelRows).toEqual({
      'Sitio web': ['7', '1', '1', '4', '0', '2', '6,3', '3'],
      Presencial: ['1', '0', '0', '1', '0', '0', '2', '2'],
      Telefónico: ['1', '0', '0', '0', '1', '0', '16', '16'],
      'Correo electrónico': ['0', '0', '0', '0', '0', '0', '—', '—'],
      'Escrito (documento en papel)': ['1', '0', '0', '0', '0', '1', '—', '—'],
    })
    // The page's text no longer says it counts the website only.
    expect(doc.querySelector('main')?.textContent).not.toMatch(/que recibe por el\s+sitio web:/)
    expect(doc.querySelector('main')?.textContent).toMatch(/por todos\s+sus canales/)
    expect(doc.querySelector('a[href="/api/informe-solicitudes.csv?periodo=2026-T3"]')).not.toBeNull()
    // Nothing of this page needs script to show its figures, and no personal data is in it: each request is shown by
    // its number only (the per-request table, Decreto 103 de 2015 art. 52 num. 3).
    expect(html).not.toContain('Las cifras del informe las calcula el servidor')
    for (const secret of [NAME, ID_NUMBER, EMAIL, MESSAGE, 'Secretaría de Salud']) expect(html).not.toContain(secret)
    const perRequest = doc.querySelectorAll('#informe-solicitudes table')[2]!
    expect(perRequest.querySelectorAll('tbody th').map(th => th.textContent)).toHaveLength(EXPECTED_T3.Total![0])
  })

  it('a period that does not exist gets a Spanish message (page 400 with the current quarter, API 400)', async () => {
    const page = await fetch(`${server.url}/transparencia/informe-solicitudes?periodo=2026-T5`)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('El periodo no es válido. Elija un trimestre (por ejemplo 2026-T3) o un año (por ejemplo 2026).')
    const csv = await fetch(`${server.url}/api/informe-solicitudes.csv?periodo=julio`)
    expect(csv.status).toBe(400)
    await expect(runExport(['informe', '--trimestre', '2026-3'], { DATA_DIR: dataDir })).rejects.toThrow('--trimestre se escribe AAAA-TN, por ejemplo 2026-T3')
    await expect(runExport(['informe'], { DATA_DIR: dataDir })).rejects.toThrow('Indique el periodo del informe')
  })

  it('the command as staff run it writes the same CSV to standard output', () => {
    const r = spawnSync(process.execPath, compiledNodeArgs('src/server/export.ts', ['informe', '--trimestre', '2026-T3']), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    })
    expect(r.status).toBe(0)
    expect(csvFigures(r.stdout)).toEqual({ ...EXPECTED_T3, ...EXPECTED_T3_BY_CHANNEL })
  })
})
