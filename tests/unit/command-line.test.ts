/**
 * Every command reads its options with Node's util.parseArgs (src/cli/commandLine.ts) and refuses a mistake in
 * Spanish, naming the option and ending with the command's usage: Node's English never reaches the IT person.
 */
import { describe, expect, it } from 'vitest'
import { readCommandLine, takeOption } from '../../src/cli/commandLine.ts'
import { parseValidateArgs } from '../../src/manifest/report.ts'
import { readExportArguments } from '../../src/server/export.ts'
import { parseAccountsArgs } from '../../src/server/features/office/usuariosCli.ts'
import { parseInstallArgs } from '../../scripts/lib/installer.ts'

const OPTIONS = { salida: { type: 'string' }, todos: { type: 'boolean' } } as const
const USAGE = 'Uso: npm run x -- [--salida <carpeta>] [--todos]'

function refusal(argv: string[]): string {
  try {
    readCommandLine(argv, OPTIONS, USAGE)
  } catch (error) {
    return (error as Error).message
  }
  return 'aceptado'
}

describe('the command-line reader', () => {
  it('takes --opción valor, --opción=valor, flags and positionals in any order', () => {
    const { values, positionals } = readCommandLine(['a', '--salida=x y', '--todos', 'b'], OPTIONS, USAGE)
    expect(values).toEqual({ salida: 'x y', todos: true })
    expect(positionals).toEqual(['a', 'b'])
  })

  it('refuses in Spanish a mistyped option, a missing value and a value given to a flag, each with the usage', () => {
    expect(refusal(['--sallida', 'x'])).toBe(`Opción desconocida: --sallida. ${USAGE}`)
    expect(refusal(['--salida'])).toBe(`Falta el valor de --salida (escríbalo después de la opción: --salida <valor>). ${USAGE}`)
    // The next word is another option: taken as the value, it would write a file called «--todos».
    expect(refusal(['--salida', '--todos'])).toMatch(/^Falta el valor de --salida/)
    expect(refusal(['--todos=si'])).toBe(`--todos no lleva valor. ${USAGE}`)
  })

  it('is what the export, the validator and the other commands use', () => {
    expect(() => readExportArguments(['pqrs', '--sallida', 'x.csv'], ['pqrs'])).toThrow(/^Opción desconocida: --sallida\. Ejemplo: npm run -s export/)
    expect(readExportArguments(['pqrs', '--desde=2026-01-01', '--salida', 'p.csv'], ['pqrs'])).toEqual({
      name: 'pqrs',
      options: { since: '2026-01-01', output: 'p.csv' },
    })
    expect(() => parseValidateArgs(['--formato'])).toThrow(/^Falta el valor de --formato/)
    expect(() => parseAccountsArgs(['crear', 'a@b.co', '--rool', 'siau'])).toThrow(/^Opción desconocida: --rool\.\nUso:\n {2}npm run -s usuarios -- crear/)
    // A password is never taken from the command line, whichever way it is written.
    for (const given of [['--clave', 'x'], ['--clave=x'], ['--password']])
      expect(() => parseAccountsArgs(['crear', 'a@b.co', ...given])).toThrow(/La contraseña no se acepta como argumento/)
    expect(parseAccountsArgs(['crear', 'A@B.co', '--formularios=pqrsd, citas', '--rol', 'siau'])).toEqual({
      command: 'crear',
      correo: 'a@b.co',
      rol: 'siau',
      formularios: ['pqrsd', 'citas'],
    })
    expect(() => parseInstallArgs(['--usario', 'x'], '/srv/p', '/usr/bin/node')).toThrow(/^Opción desconocida: --usario\. Opciones: --programa/)
  })

  it("takes the platform's --sitio out before the command reads the rest, however it is written", () => {
    expect(takeOption(['pqrs', '--sitio', 'b', '--salida', 'x.csv'], 'sitio')).toEqual({ value: 'b', rest: ['pqrs', '--salida', 'x.csv'] })
    expect(takeOption(['--sitio=b', 'pqrs'], 'sitio')).toEqual({ value: 'b', rest: ['pqrs'] })
    // Named without its id: '' (the command then asks for it), and nothing else of the line is taken.
    expect(takeOption(['pqrs', '--sitio'], 'sitio')).toEqual({ value: '', rest: ['pqrs'] })
    expect(takeOption(['pqrs', '--salida', 'x'], 'sitio')).toEqual({ rest: ['pqrs', '--salida', 'x'] })
  })
})
