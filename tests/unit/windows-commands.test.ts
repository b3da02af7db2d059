/**
 * Staff PCs run Windows: how our scripts start npm, Node scripts and package binaries there, and
 * that no npm script relies on POSIX shell syntax (cmd.exe runs npm scripts on Windows).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeBin, npmCommand, quoteForCmd, spawnOptions, tsxScript, type Platform } from '../../src/build/commands.ts'

const win = (env: NodeJS.ProcessEnv = {}): Platform => ({ platform: 'win32', env, execPath: 'C:\\Program Files\\nodejs\\node.exe' })
const linux = (env: NodeJS.ProcessEnv = {}): Platform => ({ platform: 'linux', env, execPath: '/usr/bin/node' })

describe('command construction on win32', () => {
  it('runs npm through its JavaScript entry with Node when started by npm (no shell)', () => {
    const npmCli = 'C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npm-cli.js'
    expect(npmCommand(['run', 'build'], win({ npm_execpath: npmCli }))).toEqual({
      command: 'C:\\Program Files\\nodejs\\node.exe',
      args: [npmCli, 'run', 'build'],
      shell: false,
    })
  })

  it('otherwise runs npm.cmd through the shell, which Node requires for .cmd files, with quoted arguments', () => {
    const spec = npmCommand(['run', 'publicar', '--', '--carpeta', 'C:\\Sitio del hospital'], win())
    expect(spec).toEqual({ command: 'npm.cmd', args: ['run', 'publicar', '--', '--carpeta', '"C:\\Sitio del hospital"'], shell: true })
    expect(spawnOptions(spec, { stdio: 'inherit' })).toEqual({ stdio: 'inherit', shell: true, windowsHide: true })
  })

  it('quotes for cmd.exe: spaces and metacharacters inside quotes, inner quotes doubled', () => {
    expect(quoteForCmd('build')).toBe('build')
    expect(quoteForCmd('a b')).toBe('"a b"')
    expect(quoteForCmd('x&del')).toBe('"x&del"')
    expect(quoteForCmd('dijo "hola"')).toBe('"dijo ""hola"""')
    expect(quoteForCmd('')).toBe('""')
  })

  it('runs project scripts and package binaries with node.exe, paths joined the Windows way', () => {
    expect(tsxScript('scripts/dev.ts', ['--detalle'], win())).toEqual({
      command: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['--import', 'tsx', 'scripts/dev.ts', '--detalle'],
      shell: false,
    })
    expect(nodeBin('C:\\sitio', 'node_modules/vike/bin.js', ['build'], win())).toEqual({
      command: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['C:\\sitio\\node_modules\\vike\\bin.js', 'build'],
      shell: false,
    })
  })

  it('on Linux uses npm directly without a shell', () => {
    expect(npmCommand(['run', 'build'], linux())).toEqual({ command: 'npm', args: ['run', 'build'], shell: false })
  })

  it('the constructed npm command really runs here', () => {
    const spec = npmCommand(['--version'])
    const result = spawnSync(spec.command, spec.args, { ...spawnOptions(spec), encoding: 'utf8' })
    expect(result.status).toBe(0)
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
  })
})

describe('scripts staff run on Windows', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }

  it('npm scripts use no POSIX-only shell syntax', () => {
    const posixOnly = [
      [/(^|&&\s*|\s)[A-Z_][A-Z0-9_]*=\S+\s/, 'variable de entorno antes del comando'],
      [/\$\{?[A-Za-z_]/, 'variable $VAR'],
      [/'/, 'comillas simples (cmd.exe no las entiende)'],
      [/(^|\s)(rm|cp|mv|mkdir|export|cat|ls|test)\s/, 'comando de POSIX'],
      [/;/, 'punto y coma entre comandos'],
    ] as const
    const bad = Object.entries(pkg.scripts).flatMap(([name, script]) =>
      posixOnly.filter(([re]) => re.test(script)).map(([, why]) => `${name}: ${why}: ${script}`),
    )
    expect(bad).toEqual([])
  })

  it('scripts start npm only through npmCommand (never a bare "npm" or "npm.cmd" spawn)', () => {
    const offenders: string[] = []
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.ts$/.test(entry.name) && !full.endsWith(path.join('build', 'commands.ts'))) {
          const text = fs.readFileSync(full, 'utf8')
          if (/spawn(Sync)?\(\s*['"`]npm(\.cmd)?['"`]|['"`]npm\.cmd['"`]/.test(text)) offenders.push(full)
        }
      }
    }
    walk('scripts')
    walk('src')
    expect(offenders).toEqual([])
  })
})
