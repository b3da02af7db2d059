/**
 * The environment of a command a test starts (a platform node, `sitio`, a queue worker): this process's, without the
 * variables that would point the command at the project's own content, output or data, then the test's own values.
 * One list: a variable added to the program's configuration is added here once, for every such command.
 */
export const NOT_INHERITED = [
  'MANIFEST_DIR',
  'PUBLIC_DIR',
  'BUILD_OUT_DIR',
  'ESE_PLAN_COMPILACION',
  'PROJECT_ROOT',
  // Vitest sets it to «test», which would give the bundles (and the pre-render) React's development JSX.
  'NODE_ENV',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_ALLOW_OWNER',
  'PUBLICACIONES_DIR',
  'RESPALDO_DESTINO',
  'LOG_FILE',
  'TRABAJOS_SIMULTANEOS',
] as const

/** This process's environment without NOT_INHERITED, with `set` over it. */
export function commandEnv(set: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of NOT_INHERITED) delete env[k]
  return { ...env, ...set }
}
