/**
 * The shipped CI pipelines run what the README promises: every command of the README's CI block,
 * in order, on every push and merge request, and keep the built site.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

/** The `sh` block that follows the README's "Continuous integration" heading. */
function readmeCommands(): string[] {
  const readme = fs.readFileSync('README.md', 'utf8')
  const section = readme.split(/^## /m).find(s => s.startsWith('Continuous integration'))
  const block = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error('README.md has no CI command block')
  return block
    .split('\n')
    .map(l => l.trim())
    .filter(Boolean)
}

/** `npm run -s x -- …` calls `npm run x`; `npm ci --cache …` calls `npm ci`. */
function calls(line: string, command: string): boolean {
  const normalized = line.replace(/^npm run -s /, 'npm run ').trim()
  return normalized === command || normalized.startsWith(`${command} `)
}

function inOrder(lines: string[], commands: string[]): string[] {
  const missing: string[] = []
  let from = 0
  for (const command of commands) {
    const at = lines.findIndex((l, i) => i >= from && calls(l, command))
    if (at < 0) missing.push(command)
    else from = at
  }
  return missing
}

describe('CI pipelines call the README commands', () => {
  const commands = readmeCommands()

  it('the README lists npm ci, validate and build, and how the server publishes', () => {
    expect(commands).toEqual(['npm ci', 'npm run validate', 'npm run build'])
    expect(fs.readFileSync('README.md', 'utf8')).toContain('git pull --ff-only && npm ci && npm run publicar')
  })

  it('GitHub Actions: runs them in order on push and pull request, keeps dist/', () => {
    const workflow = parse(fs.readFileSync('.github/workflows/sitio.yml', 'utf8'))
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']))
    const steps = Object.values(workflow.jobs as Record<string, { steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }>).flatMap(
      j => j.steps,
    )
    const runs = steps.flatMap(s => (s.run ? s.run.split('\n') : []))
    expect(inOrder(runs, commands)).toEqual([])
    const upload = steps.find(s => s.uses?.startsWith('actions/upload-artifact'))
    expect(upload?.with?.path).toBe('dist/')
    // Deployment: only after the checks, only for the default branch, through the README's publishing command.
    const deploy = workflow.jobs.publicar
    expect(deploy.needs).toBe('validar-y-compilar')
    expect(deploy.if).toContain('default_branch')
    expect(deploy.steps.map((s: { run?: string }) => s.run ?? '').join('\n')).toContain('git pull --ff-only && npm ci && npm run publicar')
    // Annotations need GITHUB_ACTIONS=true, which GitHub sets; nothing may switch it off.
    expect(JSON.stringify(workflow)).not.toMatch(/GITHUB_ACTIONS/)
  })

  it('GitLab CI: runs them in order on branches and merge requests, with the code-quality report', () => {
    const pipeline = parse(fs.readFileSync('.gitlab-ci.yml', 'utf8'))
    const jobs = Object.entries(pipeline as Record<string, { stage?: string; script?: string[]; artifacts?: any }>).filter(
      ([, j]) => j && Array.isArray(j.script),
    )
    const order = pipeline.stages as string[]
    jobs.sort(([, a], [, b]) => order.indexOf(a.stage!) - order.indexOf(b.stage!))
    const scripts = jobs.flatMap(([, j]) => j.script!)
    expect(inOrder(scripts, commands)).toEqual([])
    const validate = jobs.find(([, j]) => j.script!.some(l => calls(l, 'npm run validate')))![1]
    const reportFile = validate.artifacts.reports.codequality as string
    expect(validate.script!.join('\n')).toContain(`--formato gitlab --salida ${reportFile}`)
    expect(validate.artifacts.when).toBe('always')
    expect(jobs.some(([, j]) => j.artifacts?.paths?.includes('dist/'))).toBe(true)
    const deploy = pipeline.publicar
    expect(deploy.needs).toEqual(['validar', 'compilar'])
    expect(JSON.stringify(deploy.rules)).toContain('$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH')
    expect(deploy.script.join('\n')).toContain('git pull --ff-only && npm ci && npm run publicar')
    const rules = JSON.stringify(pipeline.workflow.rules)
    expect(rules).toContain('merge_request_event')
    expect(rules).toContain('$CI_COMMIT_BRANCH')
  })
})
