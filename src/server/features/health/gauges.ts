/**
 * The operational gauges of /metricas: the last backup (the status file the backup feature writes), free disk, the
 * database, the version, the release served, and the open and overdue filings per form. Their values are set from
 * the sites' states read at each scrape (siteState.ts), never on a timer. The collectors exist once per registry —
 * on a platform, once per process, each series marked `sitio` — whatever the number of sites. The alert rules in
 * despliegue/prometheus/ name these series; see docs/decisions/operations.md.
 */
import client from 'prom-client'
import type { SiteState } from './siteState.ts'

/** What the gauges show for one site: its state, and its `sitio` on a platform. */
export interface SiteReading {
  sitio?: string
  state: SiteState
  minFreeMb: number
  version: string
  code: string | undefined
}

const bool = (b: boolean) => (b ? 1 : 0)

type Labels = Record<string, string>

/** One gauge: its name, help, own labels, and the series a site's reading gives (none when unknown). */
interface GaugeSpec {
  name: string
  help: string
  labelNames?: string[]
  series(r: SiteReading): Array<[Labels, number]>
}

const SPECS: GaugeSpec[] = [
  {
    name: 'respaldo_antiguedad_segundos',
    help: 'Segundos desde el fin del último respaldo (diario o npm run respaldo); +Inf si nunca hubo uno.',
    series: ({ state: { backup } }) => {
      const end = backup ? Date.parse(backup.fin) : Number.NaN
      return [[{}, Number.isFinite(end) ? Math.max(0, (Date.now() - end) / 1000) : Number.POSITIVE_INFINITY]]
    },
  },
  {
    name: 'respaldo_exitoso',
    help: '1 si el último respaldo produjo su archivo; 0 si falló o si nunca hubo uno.',
    series: ({ state: { backup } }) => [[{}, bool(backup?.ok === true)]],
  },
  {
    name: 'respaldo_verificado',
    help: '1 si el último respaldo se restauró aparte y coincidió (conteos y sumas de verificación); 0 si no.',
    series: ({ state: { backup } }) => [[{}, bool(backup?.ok === true && backup.verificado)]],
  },
  {
    name: 'disco_libre_bytes',
    help: 'Espacio libre del disco de DATA_DIR (radicaciones SQLite y adjuntos).',
    series: ({ state }) => (state.freeBytes === undefined ? [] : [[{}, state.freeBytes]]),
  },
  {
    name: 'disco_minimo_bytes',
    help: 'SALUD_DISCO_MIN_MB en bytes: por debajo, /salud/detalle responde 503.',
    series: r => [[{}, r.minFreeMb * 1024 * 1024]],
  },
  {
    name: 'base_datos_disponible',
    help: '1 si el almacenamiento de radicaciones acepta una escritura ahora; 0 si no (base detenida, bloqueada, dañada).',
    labelNames: ['motor'],
    series: ({ state }) => [[{ motor: state.engine }, bool(state.store.ok)]],
  },
  {
    name: 'sitio_version_info',
    help: 'Versión del programa y commit del código en servicio (siempre 1).',
    labelNames: ['version', 'codigo'],
    series: r => [[{ version: r.version, codigo: r.code ?? '' }, 1]],
  },
  {
    name: 'publicacion_servida',
    help: '1 si el sitio sirve una publicación (etiqueta: cuál); 0 si no hay ninguna que servir.',
    labelNames: ['publicacion'],
    series: ({ state }) => [[{ publicacion: state.release ?? '' }, bool(state.release !== undefined)]],
  },
  {
    name: 'radicaciones_abiertas',
    help: 'Radicaciones radicadas o en trámite, por formulario.',
    labelNames: ['formulario'],
    // A store that cannot be read leaves the series out (base_datos_disponible says why).
    series: ({ state }) => [...(state.filings ?? [])].map(([formulario, c]) => [{ formulario }, c.open]),
  },
  {
    name: 'radicaciones_vencidas',
    help: 'Radicaciones abiertas con el término vencido (la misma regla que «vencida» en la bandeja de la oficina), por formulario.',
    labelNames: ['formulario'],
    series: ({ state }) => [...(state.filings ?? [])].map(([formulario, c]) => [{ formulario }, c.overdue]),
  },
]

/** The gauges' names (a platform site's own /metricas shows these and the counters, not the process's metrics). */
export const GAUGE_NAMES: readonly string[] = SPECS.map(s => s.name)

/** The gauges, registered once on `registry`; `show` replaces every value with the given readings'. */
export function siteGauges(registry: client.Registry, perSite: boolean): { show(readings: readonly SiteReading[]): void } {
  const site = perSite ? ['sitio'] : []
  const gauges = SPECS.map(spec => ({
    spec,
    gauge: new client.Gauge({ name: spec.name, help: spec.help, labelNames: [...(spec.labelNames ?? []), ...site], registers: [registry] }),
  }))
  return {
    show(readings) {
      for (const { spec, gauge } of gauges) {
        gauge.reset()
        for (const r of readings) for (const [labels, value] of spec.series(r)) gauge.set({ ...labels, ...(r.sitio ? { sitio: r.sitio } : {}) }, value)
      }
    },
  }
}
