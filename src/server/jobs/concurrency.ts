/** TRABAJOS_SIMULTANEOS, read apart from the queue so that the server's settings load without pg-boss (main.ts). */
/** The variable that sets how many jobs of each queue one process runs at once. */
export const CONCURRENCY_VARIABLE = 'TRABAJOS_SIMULTANEOS'

/** TRABAJOS_SIMULTANEOS of the environment: 1 when unset, 0 for no worker; a malformed value is refused in Spanish. */
export function jobConcurrencyFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[CONCURRENCY_VARIABLE]?.trim()
  if (!value) return 1
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${CONCURRENCY_VARIABLE} debe ser un número entero, 0 o mayor (recibido «${value}»).`)
  return n
}
