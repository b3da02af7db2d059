/**
 * `npm run editor`: the browser editor (Decap CMS) on a staff PC, at http://127.0.0.1:5100/admin/, writing
 * the same YAML files and PDFs of this working copy. Environment: EDITOR_PORT (5100), EDITOR_REPO (the
 * folder to edit; this project by default). decap-server runs inside this process on a private socket:
 * no second port (docs/decisions/staff-tooling.md).
 */
import path from 'node:path'
import { startEditor } from './lib/editorServer.ts'

const root = process.cwd()
const repo = path.resolve(process.env.EDITOR_REPO ?? root)
const port = Number(process.env.EDITOR_PORT || 5100)

try {
  const editor = await startEditor({ repo, root, port })
  console.log(`Editor de contenido listo: abra ${editor.url} en el navegador.`)
  console.log('Cada «Publicar» se revisa con el validador: si el cambio tiene un error, no se guarda y el editor muestra el mensaje. Ctrl+C para salir.')
  const stop = () => void editor.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (e) {
  console.error(`No se pudo abrir el editor: ${e instanceof Error ? e.message : String(e)}`)
  if ((e as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE')
    console.error('Otro programa usa el puerto. Pruebe con otro: set EDITOR_PORT=5101 (Windows) y npm run editor.')
  process.exit(1)
}
