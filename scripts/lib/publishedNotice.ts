/**
 * The preview trap (docs/decisions/updates-and-releases.md): once `npm run publicar` has run on a machine, `npm start` serves the
 * published release, and a clerk's later edits do not show. This says so when the content (manifest/ or
 * public/assets/) changed after the publication, and names the command that always shows the edits.
 */
import fs from 'node:fs'
import path from 'node:path'
import { POINTER_FILE } from '../../src/server/releases.ts'

/** Newest modification time of the files under `dir` (0 when it does not exist). */
export function newestChange(dir: string): number {
  let newest = 0
  if (!fs.existsSync(dir)) return newest
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestChange(full))
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs)
  }
  return newest
}

const when = (ms: number) => new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' }).format(new Date(ms))

/** The Spanish notice, or undefined when the publication is as new as the content. */
export function publishedNotice(releasesDir: string, release: string, contentDirs: string[]): string | undefined {
  const pointer = path.join(releasesDir, POINTER_FILE)
  if (!fs.existsSync(pointer)) return undefined
  const publishedAt = fs.statSync(pointer).mtimeMs
  const changed = Math.max(...contentDirs.map(newestChange))
  if (changed <= publishedAt) return undefined
  return [
    `ATENCIÓN: se sirve la versión PUBLICADA (${release}, del ${when(publishedAt)}).`,
    `El contenido cambió después (último cambio: ${when(changed)}) y esos cambios NO se ven en este sitio.`,
    '  Para ver sus cambios: npm run dev (vista previa en http://127.0.0.1:5173/, siempre muestra lo que guardó).',
    '  Para publicarlos: npm run validate y luego npm run publicar.',
  ].join('\n')
}
