/**
 * The store's findings (docs/decisions/store.md): the export survives any stored value and
 * works exactly as documented (#1, #2), another process's write lock does not
 * freeze the site (#3), the personal data is readable only by the service
 * (#4), and a damaged database is refused at start with a clear message (#16).
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { runExport } from '../../src/server/export.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { Client, FILING_PLAN, ROOT, startInProcess, tempDataDir, validCita, validPqrs } from './helpers.ts'

const BOM = '\uFEFF'

async function seed(dataDir: string): Promise<void> {
  const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
  try {
    await store.createFiling({ kind: 'pqrs', datos: validPqrs({ mensaje: 'primera' }), now: new Date('2025-05-02T15:00:00Z') })
    await store.createFiling({ kind: 'cita', datos: validCita({ fechaCita: Date.parse('2025-06-12T00:00:00-05:00') }), now: new Date('2025-05-02T15:00:00Z') })
  } finally {
    await store.close()
  }
}

describe('#1 the export survives any stored value, cell by cell', () => {
  it('a row forced into the store with fechaCita 1e20 (and other odd values) is exported with the rest', async () => {
    const dataDir = tempDataDir('export-bad-row')
    await seed(dataDir)
    // As an attacker once did through the API (now refused by the schema), or as a hand edit could: straight into the file.
    const db = new Database(path.join(dataDir, DB_FILE))
    try {
      const bad = validCita({ fechaCita: 1e20, tipoServicio: 'x', autorizacionDatos: 'quizá', nombre: { raro: true } })
      db.prepare("INSERT INTO radicaciones (radicado, tipo, recibido_en, datos) VALUES ('CITA-2025-999999', 'cita', '2025-05-03T15:00:00.000Z', ?)").run(
        JSON.stringify(bad),
      )
      db.prepare("INSERT INTO radicaciones (radicado, tipo, recibido_en, datos) VALUES ('CITA-2025-999998', 'cita', 'no es fecha', ?)").run(
        JSON.stringify(validCita({ fechaCita: -8.64e15 - 1 })),
      )
    } finally {
      db.close()
    }
    const csv = await runExport(['citas'], { ...process.env, DATA_DIR: dataDir })
    expect(csv.startsWith(BOM)).toBe(true)
    const lines = csv.split('\r\n')
    expect(lines).toHaveLength(5) // header, 3 rows, final empty
    expect(csv).toContain('"CITA-2025-999999"')
    expect(csv).toContain('"100000000000000000000"')
    expect(csv).toContain('"CITA-2025-999998";"no es fecha";"no es fecha"')
    expect(csv).toContain('"2025-06-12"') // the good row is intact
  })
})

describe('#2 the export command exactly as documented', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const guide = fs.readFileSync(path.join(ROOT, 'docs', 'guia-personal.md'), 'utf8')
  // The IT guide holds the full list of export commands (moved out of the README, docs/decisions/store.md).
  const itGuide = fs.readFileSync(path.join(ROOT, 'docs', 'guia-operacion.md'), 'utf8')
  // Each distinct command once: the staff guide repeats some of the IT guide's. A platform's commands (`--sitio`)
  // need a plataforma.yaml and a site's data folder: tests/api/site-hosts.test.ts runs the export per site.
  const documented = [
    ...new Set([...`${readme}\n${guide}\n${itGuide}`.matchAll(/^(npm run (?:-s )?export -- .+)$/gm)].map(m => m[1]!.replace(/\s+#.*$/, '').trim())),
  ].filter(c => !/--sitio\b/.test(c))

  it('the README and the guides document --salida and, for redirection, npm run -s', () => {
    expect(documented.some(c => c.includes('--salida'))).toBe(true)
    // npm's own banner lands before the BOM except where the export removes it: a plain `>` into a new file
    // (src/server/npmBanner.ts). Appending (`>>`) and pipes keep it, so those are documented with -s only.
    for (const c of documented) if (/[>|]/.test(c) && !c.startsWith('npm run -s ')) expect(c).toMatch(/^npm run export -- [^>|]+ > [^>|]+$/)
    // Staff on Windows: PowerShell 5's `>` writes UTF-16, so their guide documents --salida (or -s), never a bare redirection.
    expect(guide).not.toMatch(/^npm run export -- [^\n]*>/m)
    expect(guide).toContain('--salida')
  })

  it('every documented export command, run verbatim in a shell, writes a file that starts with the BOM', async () => {
    const dataDir = tempDataDir('export-documented')
    await seed(dataDir)
    // On a fresh clone nothing may have created test-results/ yet.
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true })
    const cwd = fs.mkdtempSync(path.join(ROOT, 'test-results', 'export-docs-'))
    try {
      expect(documented.length).toBeGreaterThanOrEqual(5)
      for (const command of documented) {
        const file = /(?:--salida|>)\s*(\S+)/.exec(command)![1]!
        fs.rmSync(path.join(cwd, file), { force: true })
        const r = spawnSync(command, { cwd, shell: true, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
        expect(r.status, `${command}\n${r.stderr}`).toBe(0)
        const bytes = fs.readFileSync(path.join(cwd, file))
        expect(bytes.subarray(0, 3).toString('hex'), command).toBe('efbbbf')
        expect(bytes.toString('utf8')).toMatch(/^\uFEFF"[^"]+"[,;]"/)
      }
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true })
    }
  }, 180_000)
})

describe('#3 another process holding the write lock does not freeze the site', () => {
  it('GET / and GET /api/noticias answer while another process holds a 5 s lock; the filing waits and is stored after it', async () => {
    const server = await startInProcess({ label: 'lock' })
    try {
      const client = await new Client(server.url).init()
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const Database = require('better-sqlite3');
           const db = new Database(process.argv[1]);
           db.pragma('busy_timeout = 5000');
           db.exec('BEGIN IMMEDIATE');
           process.stdout.write('bloqueada\\n');
           setTimeout(() => { process.stdout.write('liberada\\n'); setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, 200); }, 5000);`,
          path.join(server.dataDir, DB_FILE),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      // Order, not time: a server frozen by the lock (a synchronous busy wait) answers nothing until the holder lets go.
      let released = false
      holder.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('liberada')) released = true
      })
      await new Promise<void>(resolve => holder.stdout!.on('data', (d: Buffer) => (d.toString().includes('bloqueada') ? resolve() : undefined)))
      // A filing arrives while the lock is held: it must wait for it without blocking the server.
      const filing = client.postJson('/api/pqrs', validPqrs({ mensaje: 'durante el bloqueo' }))
      await new Promise(r => setTimeout(r, 300))
      let filingAnswered = false
      void filing.then(() => (filingAnswered = true))
      for (let i = 0; i < 3; i++) {
        for (const p of ['/', '/api/noticias']) {
          const res = await fetch(`${server.url}${p}`)
          await res.arrayBuffer()
          expect(res.status, p).toBe(200)
        }
      }
      // Every page answered while the lock was still held, and the filing was still waiting for it.
      expect(released).toBe(false)
      expect(filingAnswered).toBe(false)
      const res = await filing
      expect(res.status).toBe(200)
      // The filing was stored only once the other process let go (it says so 200 ms before it does).
      expect(released).toBe(true)
      if (holder.exitCode === null) await new Promise(r => holder.once('exit', r))
    } finally {
      await server.close()
    }
  }, 30_000)
})

describe.skipIf(process.platform === 'win32')('#4 file modes of the personal data', () => {
  it('DATA_DIR is created 0700 and the database files are 0600', async () => {
    const dataDir = path.join(tempDataDir('modes'), 'datos')
    const server = await startInProcess({ label: 'modes', dataDir })
    try {
      const client = await new Client(server.url).init()
      expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(200)
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700)
      for (const f of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`]) {
        expect(fs.statSync(path.join(dataDir, f)).mode & 0o777, f).toBe(0o600)
      }
    } finally {
      await server.close()
    }
  })

  it('an existing world-readable store is tightened at start', async () => {
    const dataDir = tempDataDir('modes-old')
    await seed(dataDir)
    fs.chmodSync(dataDir, 0o755)
    fs.chmodSync(path.join(dataDir, DB_FILE), 0o644)
    const server = await startInProcess({ label: 'modes-old', dataDir })
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700)
      expect(fs.statSync(path.join(dataDir, DB_FILE)).mode & 0o777).toBe(0o600)
    } finally {
      await server.close()
    }
  })
})

describe('#16 a damaged database is refused at start with a clear message', () => {
  async function damaged(kind: 'not-a-database' | 'corrupt-pages'): Promise<string> {
    const dataDir = tempDataDir(`damaged-${kind}`)
    const file = path.join(dataDir, DB_FILE)
    if (kind === 'not-a-database') {
      fs.writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a))
      return dataDir
    }
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    for (let i = 0; i < 300; i++) await store.createFiling({ kind: 'pqrs', datos: validPqrs({ mensaje: `relleno ${i} ${'x'.repeat(200)}` }) })
    await store.close()
    // Overwrite pages in the middle of the file (not the header): the kind of damage a failing disk leaves.
    const fd = fs.openSync(file, 'r+')
    fs.writeSync(fd, Buffer.alloc(3 * 4096, 0xa5), 0, 3 * 4096, 4 * 4096)
    fs.closeSync(fd)
    return dataDir
  }

  for (const kind of ['not-a-database', 'corrupt-pages'] as const) {
    it(`${kind}: the site answers, every filing gets 503 in Spanish, nothing is deleted`, async () => {
      const dataDir = await damaged(kind)
      fs.mkdirSync(path.join(dataDir, 'adjuntos'), { recursive: true })
      fs.writeFileSync(path.join(dataDir, 'adjuntos', 'conservado.pdf'), '%PDF-1.4')
      const server = await startInProcess({ label: `damaged-${kind}`, dataDir })
      try {
        const client = await new Client(server.url).init()
        expect((await fetch(`${server.url}/api/noticias`)).status).toBe(200)
        for (const [p, body] of [
          ['/api/pqrs', validPqrs()],
          ['/api/suscripcion', { correoElectronico: 'a@example.com', autorizacionDatos: true }],
        ] as const) {
          const res = await client.postJson(p, body)
          expect(res.status, p).toBe(503)
          expect(((await res.json()) as { error: string }).error).toBe(
            'El servicio de radicación no está disponible en este momento por un problema del almacenamiento. Intente de nuevo más tarde o comuníquese por teléfono.',
          )
        }
        // The start-up sweep did not run against an unreadable store: the attachment is still there.
        expect(fs.existsSync(path.join(dataDir, 'adjuntos', 'conservado.pdf'))).toBe(true)
      } finally {
        await server.close()
      }
    }, 60_000)
  }
})
