/**
 * V8's memory-saving mode for the process that serves a platform's sites (docs/decisions/platform.md, «What a site
 * keeps in memory»). Such a process opens and closes sites all day (siteAppCache.ts), each opening builds the
 * site's app (and, when its build's kept data does not match its manifest, reads the manifest: siteDataFile.ts), so its
 * heap keeps growing and shrinking. V8 keeps the pages a shrinking heap gives back in a pool
 * for reuse, resident, and returns them to the system only when it is short of memory or set to save it: measured
 * with 300 sites visited (200 kept), 1,053 MiB of RSS of which V8's own spaces held 639; in this mode, 447, and 478
 * with 1,000 visited. The price, also measured, is why it is the operator's choice (PLATAFORMA_AHORRO_MEMORIA=si)
 * and not the default: every major collection then compacts, at a cost that grows with the sites in memory (with 200,
 * a quarter of the page rate and a third of the filing rate; a site's first request 1.5 s instead of 0.36).
 * `--optimize-for-size` is read by V8 where it decides (heap growth, giving pages back, compiling), so setting it at
 * the start, before any site is served, does what it does on the command line, where a systemd unit or `npm start`
 * would have to repeat it (NODE_OPTIONS does not accept it).
 */
import v8 from 'node:v8'

let saving = false

/** Sets V8 to save memory for the rest of the process's life; a second call changes nothing. */
export function enterMemorySavingMode(): void {
  if (saving) return
  v8.setFlagsFromString('--optimize-for-size')
  saving = true
}

/** What the start-up line says about memory. */
export function memoryMode(): string {
  return saving ? 'modo de ahorro de V8 (--optimize-for-size)' : 'normal'
}
