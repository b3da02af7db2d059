/**
 * The build tells the processes it starts what they need in one plan, one JSON value in one variable
 * (src/manifest/buildPlan.ts, docs/decisions/build.md), not one variable per fact.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { amendBuildPlan, BUILD_PLAN_VARIABLE, planVariable, readBuildPlan } from '../../src/manifest/buildPlan.ts'
import { planShare } from '../../src/renderer/prerenderShard.ts'

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'generated' ? [] : codeFiles(full)
    return /\.(tsx?|mjs)$/.test(e.name) ? [full] : []
  })
}

afterEach(() => {
  delete process.env[BUILD_PLAN_VARIABLE]
})

describe('the build plan', () => {
  it('carries what the build says to a child process, and nothing when there is no build', () => {
    expect(readBuildPlan({})).toEqual({})
    const env = planVariable({ share: '1/2', manifestSnapshot: '/tmp/m.v8', prerenderAfterBuild: true })
    expect(readBuildPlan(env)).toEqual({ share: '1/2', manifestSnapshot: '/tmp/m.v8', prerenderAfterBuild: true })
    // A value no build wrote is no plan.
    expect(readBuildPlan({ [BUILD_PLAN_VARIABLE]: '{roto' })).toEqual({})
    expect(readBuildPlan({ [BUILD_PLAN_VARIABLE]: '[1]' })).toEqual({})
  })

  it('gives a pre-render process its share, and takes what the process learns later', () => {
    Object.assign(process.env, planVariable({ share: '1/3', codeFingerprint: 'abc' }))
    expect(planShare()).toEqual({ index: 1, count: 3 })
    amendBuildPlan({ manifestSnapshot: '/tmp/otro.v8' })
    expect(readBuildPlan()).toEqual({ share: '1/3', codeFingerprint: 'abc', manifestSnapshot: '/tmp/otro.v8' })
    delete process.env[BUILD_PLAN_VARIABLE]
    expect(planShare()).toBeUndefined()
  })

  it('is the only variable of ours the build and its processes read (no variable per fact)', () => {
    const others: string[] = []
    for (const file of [...codeFiles('src'), ...codeFiles('scripts'), 'vite.config.ts'])
      for (const name of fs.readFileSync(file, 'utf8').match(/\bESE_[A-Z_]+\b/g) ?? []) if (name !== BUILD_PLAN_VARIABLE) others.push(`${file}: ${name}`)
    expect(others).toEqual([])
  })
})
