/**
 * The checkout side of `npm run actualizar` (scripts/actualizar.ts): git, the program's version at a commit,
 * whether the packages changed, and the fast-forward itself. Failures are Spanish messages given to `fail`.
 */
import { spawnSync } from 'node:child_process'
import os from 'node:os'
import { withoutOwnVersion } from '../../src/build/buildSite.ts'
import { npmCommand, spawnOptions } from '../../src/build/commands.ts'

export type Fail = (message: string) => never

export function git(root: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', windowsHide: true })
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() }
}

export const short = (commit: string): string => commit.slice(0, 10)

/** The project's version in package.json at a commit ('?' when unreadable). */
export function versionAt(root: string, commit: string): string {
  const r = git(root, ['show', `${commit}:package.json`])
  try {
    return (JSON.parse(r.out) as { version?: string }).version ?? '?'
  } catch {
    return '?'
  }
}

/** Whether the installed packages must change: the lock file differs beyond the project's own version. */
function dependenciesChanged(root: string, from: string, to: string): boolean {
  const lock = (c: string) => withoutOwnVersion(git(root, ['show', `${c}:package-lock.json`]).out)
  return lock(from) !== lock(to)
}

/**
 * The environment `npm ci` runs in: the account's own home (from the system's account database, not HOME, which
 * `sudo … runuser` leaves pointing at root's) and none of the `npm_config_*` settings `npm run` passes down from the
 * npm that started the update. npm then reads the service account's own `~/.npmrc` and cache: root's settings
 * (a proxy, a registry, a compiler path) are not the service's, and root's cache is not writable by it
 * (docs/decisions/updates-and-releases.md, «Dependencies installed as the service»).
 */
export function serviceNpmEnv(env: NodeJS.ProcessEnv = process.env, home: string = os.userInfo().homedir): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(env)) if (!/^npm_config_/i.test(key)) clean[key] = value
  return { ...clean, HOME: home, USERPROFILE: env.USERPROFILE === undefined ? undefined : home }
}

export function npmCi(root: string): boolean {
  console.log('Las dependencias cambiaron: npm ci…')
  const ci = npmCommand(['ci', '--no-audit', '--no-fund'])
  return spawnSync(ci.command, ci.args, spawnOptions(ci, { cwd: root, stdio: 'inherit', env: serviceNpmEnv() })).status === 0
}

/** A git checkout with no tracked file edited in place (a fast-forward would overwrite it). */
export function refuseLocalEdits(root: string, fail: Fail): void {
  if (!git(root, ['rev-parse', '--is-inside-work-tree']).ok) fail(`${root} no es una copia de git: npm run actualizar trae las versiones nuevas con git.`)
  const edited = git(root, ['status', '--porcelain', '--untracked-files=no'])
  if (!edited.ok) fail(`git no pudo revisar la copia del programa:\n${edited.out}`)
  if (edited.out) {
    const files = edited.out.split('\n').map(l => l.slice(3))
    fail(
      `hay cambios locales en archivos del programa:\n  ${files.join('\n  ')}\n` +
        'npm run actualizar no los sobrescribe. Si el cambio debe conservarse, pídalo a quien mantiene el programa; ' +
        'si no, descártelo con «git checkout -- <archivo>» y ejecute de nuevo npm run actualizar.',
    )
  }
}

export interface Advance {
  from: string
  to: string
  depsChanged: boolean
}

/**
 * Fast-forwards to the upstream branch (local commits are never thrown away); undefined when already there.
 * `check` sees the upstream commit before anything changes (it may refuse it through `fail`).
 */
export function fastForward(root: string, fail: Fail, check: (to: string) => void = () => {}): Advance | undefined {
  const from = git(root, ['rev-parse', 'HEAD']).out
  console.log('Buscando una versión nueva (git fetch)…')
  const fetched = git(root, ['fetch', '--quiet'])
  if (!fetched.ok) fail(`no se pudo consultar el repositorio de origen:\n${fetched.out}`)
  const upstream = git(root, ['rev-parse', '@{upstream}'])
  if (!upstream.ok) fail('la rama de esta copia no sigue una rama del repositorio de origen (git branch --set-upstream-to=origin/main).')
  const to = upstream.out
  if (to === from) {
    console.log(`✓ Ya está al día: versión ${versionAt(root, from)} (${short(from)}). No se cambió nada.`)
    return undefined
  }
  if (!git(root, ['merge-base', '--is-ancestor', from, to]).ok) {
    fail(
      `esta copia tiene cambios guardados (commits) que el origen no tiene; no se puede avanzar sin perderlos. Versión en uso: ${short(from)}, del origen: ${short(to)}.`,
    )
  }
  check(to)
  const depsChanged = dependenciesChanged(root, from, to)
  const merged = git(root, ['merge', '--ff-only', '--quiet', to])
  if (!merged.ok) fail(`git no pudo avanzar a la versión nueva:\n${merged.out}`)
  return { from, to, depsChanged }
}

/**
 * Puts the checkout (and the packages) back at `from`: used by every failure after the fast-forward. False when the
 * packages of `from` could not be installed again: the files are the old ones, `node_modules` is not.
 */
export function resetCheckout(root: string, advance: Advance): boolean {
  git(root, ['reset', '--quiet', '--hard', advance.from])
  return !advance.depsChanged || npmCi(root)
}

/**
 * What the program's copy is after `resetCheckout`, said truthfully: «como estaba» only when the packages are the
 * old ones again. Otherwise, before the switch (`stillServing`), the running process (which loaded its code at
 * start) keeps serving but would not start again; after it, the service cannot start at all. Either way the
 * message says so and how to repair it.
 */
export function stateAfterReset(root: string, restored: boolean, oldVersion: string, stillServing = true): string {
  if (restored) return `Se sigue sirviendo la versión ${oldVersion}; la copia del programa quedó como estaba.`
  return (
    `Los archivos del programa volvieron a la versión ${oldVersion}, pero sus dependencias (node_modules) no se pudieron ` +
    'reinstalar (vea los mensajes de npm arriba): quedaron incompletas.\n' +
    (stillServing
      ? '  El proceso que está en marcha sigue atendiendo (cargó su código al iniciar), pero NO arrancaría: no reinicie el servicio ni el equipo.\n'
      : '  El servicio NO puede arrancar así: el sitio no atiende (el proxy responde «servicio no disponible») hasta repararlo.\n') +
    `  Para repararlo: en ${root}, como la cuenta del servicio, «servicio npm ci --no-audit --no-fund» (guía de operación, sección 7.2); ` +
    'cuando termine sin errores, reinicie el servicio (sudo systemctl restart sitio-hospital).'
  )
}
