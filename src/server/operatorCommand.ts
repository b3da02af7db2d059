/**
 * `npm run -s sitio -- operador crear <correo> [--nombre "…"] | lista | quitar <correo>`: the platform operator's
 * accounts (operatorAccounts.ts), in the service's DATA_DIR. The password is typed without echo, or read from
 * standard input, as in `npm run usuarios`.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { addOperator, readOperators, removeOperator } from './operatorAccounts.ts'

export const OPERATOR_USAGE = `Uso:
  npm run -s sitio -- operador crear <correo> [--nombre "<nombre>"]   cuenta de operación de la plataforma (pide la contraseña)
  npm run -s sitio -- operador lista
  npm run -s sitio -- operador quitar <correo>`

export interface OperatorIo {
  readPassword(prompt: string): Promise<string>
  out(line: string): void
}

/** Runs the subcommand; throws in Spanish (then nothing was changed). */
export async function runOperatorCommand(argv: readonly string[], io: OperatorIo, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let parsed: ReturnType<typeof parseArgs<{ options: { nombre: { type: 'string' } }; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args: [...argv], options: { nombre: { type: 'string' } }, allowPositionals: true, strict: true })
  } catch {
    throw new Error(OPERATOR_USAGE)
  }
  const [action, correo, ...extra] = parsed.positionals
  const dataDir = path.resolve(env.DATA_DIR || './data')
  if (action === 'lista' && !correo) {
    const accounts = readOperators(dataDir)
    if (accounts.length === 0) io.out('No hay cuentas de operación.')
    for (const a of accounts) io.out(`${a.correo}\t${a.nombre}\tcreada ${a.creadaEn.slice(0, 10)}`)
    return
  }
  if (!correo || extra.length > 0) throw new Error(OPERATOR_USAGE)
  if (action === 'crear') {
    await addOperator(dataDir, correo, parsed.values.nombre ?? correo, await io.readPassword('Contraseña nueva: '))
    io.out(`✓ Cuenta de operación ${correo.trim().toLowerCase()} creada: abre /plataforma en el propio servidor (no la oficina de ningún hospital).`)
  } else if (action === 'quitar') {
    if (!removeOperator(dataDir, correo)) throw new Error(`No existe la cuenta de operación ${correo}.`)
    io.out(`✓ Cuenta de operación ${correo} quitada.`)
  } else throw new Error(OPERATOR_USAGE)
}
