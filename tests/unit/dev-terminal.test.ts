import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { quietTerminal } from '../../scripts/lib/devTerminal.ts'

/**
 * `npm run dev`'s terminal without `--detalle` (docs/decisions/testing.md): the bundler's and the API's lines go to the log file,
 * yet an error among them is not hidden from staff: it shows as one Spanish line naming the file. (That nothing
 * else reaches the terminal is checked on the real preview by tests/e2e/live-preview.spec.ts.)
 */
const NOTICE =
  /^✗ La vista previa tuvo un error técnico \(el detalle, en inglés, está en .*registro-vista-previa\.log\)\. Si se repite, avise al área de sistemas\.\n$/

let tmp: string
let saved: Pick<Console, 'log' | 'info' | 'debug' | 'trace' | 'warn' | 'error'>
let shown: string[]

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'terminal-'))
  saved = { log: console.log, info: console.info, debug: console.debug, trace: console.trace, warn: console.warn, error: console.error }
  shown = []
  const keep = (chunk: string | Uint8Array) => {
    shown.push(String(chunk))
    return true
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(keep)
  vi.spyOn(process.stderr, 'write').mockImplementation(keep)
})

afterEach(() => {
  Object.assign(console, saved)
  vi.restoreAllMocks()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('the quiet terminal of npm run dev', () => {
  it('keeps the bundler lines in the file; an error among them gives one Spanish line', () => {
    const file = path.join(tmp, 'dist', 'registro-vista-previa.log')
    quietTerminal(file)
    console.log('\u001b[2m7:01:49 AM\u001b[22m [vike][request-1] HTTP request  → /hospital/junta')
    console.warn('[vite] warning: something technical')
    expect(shown).toEqual([])
    console.error('[vike][request-2] Following error was thrown by the onRenderHtml() hook')
    console.error('TypeError: Cannot read properties of undefined')
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatch(NOTICE)
    expect(fs.readFileSync(file, 'utf8')).toBe(
      [
        '7:01:49 AM [vike][request-1] HTTP request  → /hospital/junta',
        '[vite] warning: something technical',
        '[vike][request-2] Following error was thrown by the onRenderHtml() hook',
        'TypeError: Cannot read properties of undefined',
        '',
      ].join('\n'),
    )
  })

  it("keeps the API's JSON lines in the file; an error line gives the Spanish line, a warning does not", () => {
    const file = path.join(tmp, 'registro-vista-previa.log')
    const term = quietTerminal(file)
    const warning = JSON.stringify({ level: 40, msg: 'No se encontró el sitio compilado' })
    term.apiLog.write(`${warning}\n`)
    expect(shown).toEqual([])
    const error = JSON.stringify({ level: 50, msg: 'error interno' })
    term.apiLog.write(`${error}\n`)
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatch(NOTICE)
    expect(fs.readFileSync(file, 'utf8')).toBe(`${warning}\n${error}\n`)
  })

  it("the preview's own lines go to the terminal", () => {
    const term = quietTerminal(path.join(tmp, 'registro-vista-previa.log'))
    term.say('Vista previa en http://127.0.0.1:5173/')
    term.warn('  manifest/pages/hospital/junta.yaml:4:1: el campo «fecha» no existe aquí')
    expect(shown).toEqual(['Vista previa en http://127.0.0.1:5173/\n', '  manifest/pages/hospital/junta.yaml:4:1: el campo «fecha» no existe aquí\n'])
  })
})
