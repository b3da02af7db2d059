/**
 * `npm run actualizar`: from git (scripts/actualizar-git.ts: fast-forward, build, check, switch), or with
 * `--paquete <archivo>` from a release archive made by `npm run empaquetar` (scripts/actualizar-paquete.ts), which
 * needs no build tools. Loaded on demand: a program installed from an archive has no build tools to load.
 */
if (process.argv.some(a => a === '--paquete' || a.startsWith('--paquete='))) await import('./actualizar-paquete.ts')
else await import('./actualizar-git.ts')
export {}
