/**
 * V8's memory settings for the process that serves a platform's sites (docs/decisions/platform.md, «What a site
 * keeps in memory» and «Garbage collected before the heap grows by half»). Such a process opens and closes sites all
 * day (siteAppCache.ts): each opening allocates a few MiB that live a few tens of milliseconds across asynchronous
 * steps, long enough to reach V8's old generation, and each closing leaves a site's server there as garbage.
 *
 * - **Always: a bounded heap growth** (`boundHeapGrowth`). V8 collects the old generation when it has grown by a factor
 *   of what survived the last collection, a factor it raises up to 4 when collections are fast. With 200 sites kept
 *   (about 216 MiB live) the old generation grew to 777 MiB of garbage before being collected: 1,185 MiB of RSS with
 *   1,000 sites visited, against the issue's 1 GiB. `--heap-growing-percent=50` caps the factor at 1.5: 709 MiB in the
 *   same probe (614 in the bench, on PostgreSQL), for about 8 % more time per site opened. It changes when V8
 *   collects, never what it keeps: a heap that needs to grow still grows (unlike `--max-old-space-size`, which would
 *   stop every hospital's site at once).
 * - **On request: V8's memory-saving mode** (`enterMemorySavingMode`, PLATAFORMA_AHORRO_MEMORIA=si), which also gives
 *   freed pages back to the system at every collection. Measured: 478 MiB with 1,000 visited (before the bound), but
 *   a quarter of the page rate and a third of the filing rate with 200 sites in memory, so not the default.
 *
 * Both are set with `v8.setFlagsFromString` at the platform's start, before any site is served: V8 reads them where it
 * decides (at each collection), so this does what the command line does, where a systemd unit, `npm start` and the
 * Windows service would each have to repeat them (NODE_OPTIONS accepts neither). A single site's server sets neither.
 */
import v8 from 'node:v8'

/** How much the old generation may grow over what survived the last full collection before the next one, in %. */
export const HEAP_GROWING_PERCENT = 50

let saving = false
let bounded = false

/** Caps V8's heap growth factor for the rest of the process's life; a second call changes nothing. */
export function boundHeapGrowth(): void {
  if (bounded) return
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  bounded = true
}

/** Sets V8 to save memory for the rest of the process's life; a second call changes nothing. */
export function enterMemorySavingMode(): void {
  if (saving) return
  v8.setFlagsFromString('--optimize-for-size')
  saving = true
}

/** What the start-up line says about memory. */
export function memoryMode(): string {
  const mode = saving ? 'modo de ahorro de V8 (--optimize-for-size)' : 'normal'
  return bounded ? `${mode}; recolección cuando el montón crece un ${HEAP_GROWING_PERCENT} % (--heap-growing-percent=${HEAP_GROWING_PERCENT})` : mode
}
