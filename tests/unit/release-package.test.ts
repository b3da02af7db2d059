/**
 * Release archives (docs/decisions/updates-and-releases.md, «Release archives»): made from a small program folder,
 * they hold the sources, the built site, the production packages only and their metadata; a server refuses one whose
 * checksum does not match before unpacking anything.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makePackage, productionFolders, unpackPackage } from '../../scripts/lib/releasePackage.ts'
import { programCommit } from '../../src/server/version.ts'

const dir = path.resolve('test-results/paquete')
fs.rmSync(dir, { recursive: true, force: true })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function write(file: string, text = 'x'): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

const root = path.join(dir, 'programa')
write(path.join(root, 'package.json'), '{"version":"1.2.3"}')
write(path.join(root, 'src/server/main.ts'), 'export {}')
write(path.join(root, 'dist/client/index.html'), '<!doctype html>')
write(path.join(root, 'node_modules/pino/package.json'), '{}')
write(path.join(root, 'node_modules/pino/node_modules/sonic-boom/package.json'), '{}')
write(path.join(root, 'node_modules/vite/package.json'), '{}')
const info = { version: '1.2.3', commit: 'b'.repeat(40), fecha: '2026-11-25T10:00:00.000Z', node: 'v24.11.0' }

describe('release archives', () => {
  it('keeps only the production packages npm lists, without their nested folders twice', () => {
    const listed = [root, path.join(root, 'node_modules/pino'), path.join(root, 'node_modules/pino/node_modules/sonic-boom')].join('\n')
    expect(productionFolders(root, listed)).toEqual([path.join('node_modules', 'pino')])
  })

  it('holds the program, the built site, the production packages and its metadata; unpacked, it names its commit', () => {
    const file = makePackage(root, path.join(dir, 'salida'), info, [path.join('node_modules', 'pino')])
    expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toMatch(new RegExp(`^[0-9a-f]{64}  ${path.basename(file)}\\n$`))
    const dest = path.join(dir, 'instalado')
    expect(unpackPackage(file, dest)).toEqual(info)
    expect(fs.existsSync(path.join(dest, 'src/server/main.ts'))).toBe(true)
    expect(fs.existsSync(path.join(dest, 'dist/client/index.html'))).toBe(true)
    expect(fs.existsSync(path.join(dest, 'node_modules/pino/node_modules/sonic-boom/package.json'))).toBe(true)
    expect(fs.existsSync(path.join(dest, 'node_modules/vite'))).toBe(false)
    expect(programCommit(dest)).toBe(info.commit)
  })

  it('is refused, and nothing unpacked, when its checksum does not match or is missing', () => {
    const file = makePackage(root, path.join(dir, 'salida-2'), info, [])
    fs.appendFileSync(file, 'alterado')
    const dest = path.join(dir, 'no-instalado')
    expect(() => unpackPackage(file, dest)).toThrow('la suma SHA-256 del paquete no coincide')
    expect(fs.existsSync(dest)).toBe(false)
    fs.rmSync(`${file}.sha256`)
    expect(() => unpackPackage(file, dest)).toThrow(/sin la suma de verificación no se instala/)
  })
})
