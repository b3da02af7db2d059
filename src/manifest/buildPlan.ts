/**
 * The build plan: what a build (src/build/buildSite.ts) tells each process it starts, Vike's bundler and the
 * pre-render processes, as one JSON value in one variable instead of one variable per fact. A process started
 * without a build (a bare `npx vike build`, `npm run dev`, the server, a test) has an empty plan and keeps every
 * default. Ground layer, importing nothing: Vike loads src/pages/+config.ts, which reads it, while it reads its
 * configuration.
 */
export interface BuildPlan {
  /** Where the staff commands keep what they computed from files that rarely change (compiledCache.ts). */
  cacheDir?: string
  /** The site's generated files (its route list, its forms' validators): its own folder for a platform site. */
  generatedDir?: string
  /** The manifest the build validated, for the pre-render to render instead of loading it again (manifestSnapshot.ts). */
  manifestSnapshot?: string
  /** The fingerprint of the code the bundles were made from: kept Markdown belongs to it (src/build/keptMarkdown.ts). */
  codeFingerprint?: string
  /** This process's share of the pages, `<index>/<count>`, when several processes pre-render (prerenderShard.ts). */
  share?: string
  /** Print SHARE_CONFIG_LOADED once Vike's configuration is loaded (src/build/vikeConfigLock.ts). */
  announceConfigLoaded?: boolean
  /** The bundler neither empties the output nor copies public/: the build links public/ itself (vite.config.ts). */
  publicLinked?: boolean
  /** Vike's own pre-render stays off after bundling: the build pre-renders (src/pages/+config.ts). */
  prerenderAfterBuild?: boolean
}

/** The one variable that carries the plan to the processes a build starts. */
export const BUILD_PLAN_VARIABLE = 'ESE_PLAN_COMPILACION'

let read: { raw: string; plan: BuildPlan } | undefined

/** This process's plan (empty without one). */
export function readBuildPlan(env: NodeJS.ProcessEnv = process.env): BuildPlan {
  const raw = env[BUILD_PLAN_VARIABLE] ?? ''
  if (read?.raw !== raw) {
    let plan: BuildPlan = {}
    try {
      const parsed = raw ? (JSON.parse(raw) as unknown) : {}
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) plan = parsed as BuildPlan
    } catch {
      // A value the build did not write: no plan.
    }
    read = { raw, plan }
  }
  return read.plan
}

/** The environment entry that hands `plan` to a child process. */
export function planVariable(plan: BuildPlan): Record<string, string> {
  return { [BUILD_PLAN_VARIABLE]: JSON.stringify(plan) }
}

/** Adds to this process's own plan what it learns after it started (the pre-render told the manifest to render). */
export function amendBuildPlan(more: BuildPlan): void {
  Object.assign(process.env, planVariable({ ...readBuildPlan(), ...more }))
}
