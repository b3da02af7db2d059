/**
 * Release archives (docs/decisions/updates-and-releases.md, «Release archives», «Archives run by node»): made from a
 * small program folder, they hold the program compiled to JavaScript, the built site, the packages the server needs
 * and their metadata; a server refuses one whose checksum does not match, or with a member that would leave its
 * folder, before unpacking anything.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { create } from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { archivePackageJson, rewriteSpecifiers, runtimePackages } from '../../scripts/lib/releaseCompile.ts'
import { makePackage, sha256Of, unpackPackage } from '../../scripts/lib/releasePackage.ts'
import { programCommit } from '../../src/server/version.ts'

const dir = path.resolve('test-results/paquete')
fs.rmSync(dir, { recursive: true, force: true })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function write(file: string, text = 'x'): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

const root = path.join(dir, 'programa')
write(
  path.join(root, 'package.json'),
  '{"version":"1.2.3","type":"module","scripts":{"respaldo":"tsx src/server/backupCommand.ts","build":"node scripts/compiled.mjs build"}}',
)
write(path.join(root, 'src/server/main.ts'), "import { greeting } from './greeting.tsx'\nconst n: number = 2\nconsole.log(greeting(n))\n")
write(path.join(root, 'src/server/greeting.tsx'), 'export const greeting = (n: number): string => ["hola", n, typeof (<b />)].join(" ")\n')
write(path.join(root, 'src/server/oficina.css'), 'body{}')
write(path.join(root, 'dist/client/index.html'), '<!doctype html>')
const lock = {
  packages: {
    '': { dependencies: { pino: '1', vike: '1' } },
    'node_modules/pino': { dependencies: { 'sonic-boom': '1' } },
    'node_modules/pino/node_modules/sonic-boom': {},
    'node_modules/vike': { dependencies: { vite: '1' } },
    'node_modules/vite': {},
  },
}
write(path.join(root, 'package-lock.json'), JSON.stringify(lock))
for (const p of Object.keys(lock.packages).filter(Boolean)) write(path.join(root, p, 'package.json'), '{}')
const info = { version: '1.2.3', commit: 'b'.repeat(40), fecha: '2026-11-25T10:00:00.000Z', node: 'v24.11.0' }

describe('release archives', () => {
  it('carry the closure of the runtime dependencies, without the build-only ones nor nested folders twice', () => {
    expect(runtimePackages(root)).toEqual([path.join('node_modules', 'pino')])
  })

  it('refuse to carry a compiler a runtime dependency pulls in', () => {
    const other = path.join(dir, 'con-compilador')
    write(
      path.join(other, 'package-lock.json'),
      JSON.stringify({
        packages: { '': { dependencies: { pino: '1' } }, 'node_modules/pino': { dependencies: { typescript: '5' } }, 'node_modules/typescript': {} },
      }),
    )
    write(path.join(other, 'node_modules/pino/package.json'), '{}')
    write(path.join(other, 'node_modules/typescript/package.json'), '{}')
    expect(() => runtimePackages(other)).toThrow(/herramientas de compilación \(node_modules\/typescript\)/)
  })

  it('rewrite relative .ts and .tsx specifiers to .js, and leave packages alone', () => {
    expect(rewriteSpecifiers('import { a } from "./a.ts";\nexport * from "../b.tsx";\nawait import("./c.ts");\nimport x from "tsx-like.ts"')).toBe(
      'import { a } from "./a.js";\nexport * from "../b.js";\nawait import("./c.js");\nimport x from "tsx-like.ts"',
    )
  })

  it('give the archive commands that run the compiled files with node, and drop the ones that need the build tools', () => {
    const scripts = (JSON.parse(archivePackageJson(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))) as { scripts: Record<string, string> }).scripts
    expect(scripts).toEqual({ start: 'node src/server/main.js', respaldo: 'node src/server/backupCommand.js' })
  })

  it('hold the compiled program, the built site, the production packages and its metadata; unpacked, node runs it and it names its commit', async () => {
    const file = await makePackage(root, path.join(dir, 'salida'), info, [path.join('node_modules', 'pino')])
    expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toMatch(new RegExp(`^[0-9a-f]{64}  ${path.basename(file)}\\n$`))
    const dest = path.join(dir, 'instalado')
    expect(unpackPackage(file, dest)).toEqual(info)
    expect(fs.existsSync(path.join(dest, 'src/server/main.ts'))).toBe(false)
    expect(fs.existsSync(path.join(dest, 'src/server/oficina.css'))).toBe(true)
    expect(fs.existsSync(path.join(dest, 'dist/client/index.html'))).toBe(true)
    expect(fs.existsSync(path.join(dest, 'node_modules/pino/node_modules/sonic-boom/package.json'))).toBe(true)
    expect(fs.existsSync(path.join(dest, 'node_modules/vite'))).toBe(false)
    const run = spawnSync(process.execPath, ['src/server/main.js'], { cwd: dest, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('hola 2 object\n')
    expect(programCommit(dest)).toBe(info.commit)
  })

  it('is refused, and nothing unpacked, when its checksum does not match or is missing', async () => {
    const file = await makePackage(root, path.join(dir, 'salida-2'), info, [])
    fs.appendFileSync(file, 'alterado')
    const dest = path.join(dir, 'no-instalado')
    expect(() => unpackPackage(file, dest)).toThrow('la suma SHA-256 del paquete no coincide')
    expect(fs.existsSync(dest)).toBe(false)
    fs.rmSync(`${file}.sha256`)
    expect(() => unpackPackage(file, dest)).toThrow(/sin la suma de verificación no se instala/)
  })

  it('is refused, and nothing written anywhere, when a member would leave its folder (a «..» name or a link out)', () => {
    const work = path.join(dir, 'fuera', 'dentro')
    write(path.join(work, 'paquete.json'), JSON.stringify(info))
    write(path.join(dir, 'fuera', 'x'), 'intruso')
    fs.symlinkSync('../../../etc', path.join(work, 'enlace'))
    for (const [name, members] of [
      ['punto-punto', ['paquete.json', '../x']],
      ['enlace', ['paquete.json', 'enlace']],
    ] as const) {
      const file = path.join(dir, `${name}.tar.gz`)
      create({ file, cwd: work, gzip: true, sync: true, preservePaths: true }, [...members])
      fs.writeFileSync(`${file}.sha256`, `${sha256Of(file)}  ${path.basename(file)}\n`)
      const dest = path.join(dir, 'destino', 'nuevo')
      expect(() => unpackPackage(file, dest)).toThrow(/el paquete trae entradas que saldrían de su carpeta .*No se instaló nada/)
      expect(fs.existsSync(path.join(dir, 'destino'))).toBe(false)
    }
  })
})
