/**
 * One compiled validator per route schema for the whole process, however many servers it runs
 * (docs/decisions/platform.md, «Garbage collected before the heap grows by half»).
 *
 * Fastify compiles each route's schema with a private Ajv of each server: on a platform, every site opened compiled
 * the same dozen query and parameter schemas again, about 3 MiB of allocation per opening and a third of a site's
 * compiled code kept while it stays in memory. Here every server of the process takes its validators from one pool,
 * keyed by what a schema says, not by the object that says it, so a schema written inline in a route still compiles
 * once. The pool grows only with the distinct schemas the code writes, never with the sites: no route's schema is
 * made from a site's data (tests/api/shared-route-validators.test.ts). A validator holds no state between calls but
 * its `errors`, which Fastify reads in the same turn it validates.
 */
import { AjvCompiler } from '@fastify/ajv-compiler'

type BuildFromPool = ReturnType<typeof AjvCompiler>
type Compile = ReturnType<BuildFromPool>
type RouteSchema = { schema: unknown; httpPart?: string }

/** Fastify's own Ajv factory (its defaults, one Ajv per set of options), shared by every server of the process. */
const fastifyCompilers = AjvCompiler()
const compiled = new Map<string, ReturnType<Compile>>()

/** Fastify's `schemaController.compilersFactory.buildValidator`: its own compiler, with what was compiled shared. */
export function buildSharedValidator(...args: Parameters<BuildFromPool>): (route: RouteSchema) => ReturnType<Compile> {
  const [externalSchemas, options] = args
  const compile = fastifyCompilers(externalSchemas, options) as unknown as (route: RouteSchema) => ReturnType<Compile>
  const context = JSON.stringify([externalSchemas, options?.customOptions ?? null, options?.mode ?? null])
  return route => {
    const key = `${context}\n${route.httpPart ?? ''}\n${JSON.stringify(route.schema)}`
    let validate = compiled.get(key)
    if (!validate) {
      validate = compile(route)
      compiled.set(key, validate)
    }
    return validate
  }
}

/** How many distinct route schemas the process has compiled (the test of the pool reads it). */
export function compiledRouteSchemas(): number {
  return compiled.size
}
