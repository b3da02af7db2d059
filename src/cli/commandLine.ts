/**
 * The command-line tools read their options with Node's own `util.parseArgs` (docs/decisions/staff-tooling.md,
 * «One reader of options»): one reader, the same for every command, instead of a loop of `argv[++i]` per script, each
 * with its own idea of `--opción=valor`, of a missing value and of a typo. What stays here is the part Node leaves to
 * us: the IT person and the records staff read Spanish, so each refusal is said in Spanish, names the option and ends
 * with the command's usage.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'

export type CommandOptions = ParseArgsOptionsConfig

/** `--nombre valor`, `--nombre=valor` and flags, in any order with the positionals; throws in Spanish, ending with `usage`. */
export function readCommandLine<const O extends CommandOptions>(argv: readonly string[], options: O, usage: string) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true })
  } catch (error) {
    // A usage of several lines starts on its own line.
    throw new Error(`${inSpanish(error, options)}${usage.startsWith('\n') ? '' : ' '}${usage}`.trim())
  }
}

/** Node's refusal, said in Spanish: its codes are stable, its English text is not shown to the user. */
function inSpanish(error: unknown, options: CommandOptions): string {
  const code = (error as { code?: string }).code
  const message = error instanceof Error ? error.message : String(error)
  const name = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? ''
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Opción desconocida: ${name}.`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const spec = options[name.replace(/^-+/, '')]
    return spec?.type === 'boolean' ? `${name} no lleva valor.` : `Falta el valor de ${name} (escríbalo después de la opción: ${name} <valor>).`
  }
  return `No se entendieron las opciones del comando (${message}).`
}

/**
 * Takes one `--name <value>` (or `--name=<value>`) out of `argv`, leaving the rest, unread, for the command: the
 * platform's `--sitio` is chosen before the command reads its own options. `value` is '' when the option has none.
 */
export function takeOption(argv: readonly string[], name: string): { value?: string; rest: string[] } {
  const { tokens } = parseArgs({ args: [...argv], options: { [name]: { type: 'string' } }, strict: false, allowPositionals: true, tokens: true })
  const taken = new Set<number>()
  let value: string | undefined
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name !== name) continue
    taken.add(t.index)
    if (t.inlineValue === false) taken.add(t.index + 1)
    value = typeof t.value === 'string' ? t.value : ''
  }
  return { ...(value !== undefined && { value }), rest: argv.filter((_, i) => !taken.has(i)) }
}
