/**
 * `sudo npm run instalar -- [--usuario sitio-hospital] [--casa /var/lib/sitio-hospital] [--config /etc/sitio-hospital]
 * [--unidades /etc/systemd/system] [--datos <dir>] [--publicaciones <dir>] [--node /usr/bin/node] [--raiz <dir>]`:
 * the service account, folders, environment file, systemd unit and `bd:preparar`, idempotent (scripts/lib/installer.ts).
 */
import { install, parseInstallArgs } from './lib/installer.ts'

try {
  const options = parseInstallArgs(process.argv.slice(2), process.cwd(), process.execPath)
  if (!options.raiz && process.getuid?.() !== 0)
    throw new Error('ejecútelo como root: sudo npm run instalar (o --raiz <carpeta> para una instalación de prueba).')
  const { steps, nextSteps } = install(options)
  console.log(`Instalación en ${options.raiz || '/'}:`)
  for (const s of steps) console.log(`  ${s.hecho ? '✓' : '='} ${s.texto}`)
  console.log('Siguientes pasos:')
  for (const [i, n] of nextSteps.entries()) console.log(`  ${i + 1}. ${n}`)
} catch (error) {
  console.error(`✗ ${(error as Error).message}`)
  process.exit(1)
}
