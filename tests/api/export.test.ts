import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/manifest/csv.ts'
import { runExport as exportInProcess } from '../../src/server/export.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { FILING_PLAN, ROOT, tempDataDir, validCita, validPqrs } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dataDir = tempDataDir('export')

/** The export in this process (fast); the CLI itself is run once, below. */
async function runExport(...args: string[]): Promise<{ stdout: string }> {
  return { stdout: await exportInProcess(args, { ...process.env, DATA_DIR: dataDir }) }
}

function runCli(env: Record<string, string>, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, compiledNodeArgs('src/server/export.ts', args), { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++
      else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ';') row.push(cell), (cell = '')
    else if (ch === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++
    else cell += ch
  }
  return rows
}

beforeAll(async () => {
  const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
  // Colombia is UTC-5: 2025-03-01 04:30 UTC is still 28 February there.
  await store.createFiling({ kind: 'pqrs', datos: validPqrs({ mensaje: 'febrero' }), now: new Date('2025-03-01T04:30:00Z') })
  await store.createFiling({ kind: 'pqrs', datos: validPqrs({ mensaje: 'marzo', nombre: 'Ñoño "el del pueblo"' }), now: new Date('2025-03-01T05:30:00Z') })
  await store.createFiling({ kind: 'pqrs', datos: validPqrs({ mensaje: 'abril' }), now: new Date('2025-04-15T15:00:00Z') })
  await store.createFiling({ kind: 'cita', datos: validCita(), now: new Date('2025-04-15T15:00:00Z') })
  await store.subscribe('Lector@Example.com', new Date('2025-01-10T12:00:00Z'))
  await store.subscribe('otro@example.com', new Date('2025-05-10T12:00:00Z'))
  await store.close()
})

describe('npm run export', () => {
  it('the command writes UTF-8 CSV with a BOM, column titles from the form and list names instead of codes', () => {
    const { status, stdout } = runCli({ DATA_DIR: dataDir }, 'pqrs')
    expect(status).toBe(0)
    expect(stdout.startsWith('\uFEFF"Radicado";"Fecha de recepción";')).toBe(true)
    const rows = parseCsv(stdout.slice(1))
    expect(rows[0]).toContain('Tipo de solicitud')
    expect(rows[0]).toContain('Mensaje')
    expect(rows).toHaveLength(4)
    const col = rows[0]!.indexOf('Tipo de solicitud')
    expect(rows[1]![col]).toBe('Petición')
    expect(rows[1]![0]).toBe('PQRS-2025-000001')
    expect(rows[1]!.slice(1, 3)).toEqual(['2025-02-28', '2025-02-28 23:30'])
    expect(rows[2]![rows[0]!.indexOf('Nombres')]).toBe('Ñoño "el del pueblo"')
    // A mistake is one Spanish line on standard error and exit code 2, nothing on standard output.
    const wrong = runCli({ DATA_DIR: dataDir }, 'todo')
    expect(wrong).toEqual({ status: 2, stdout: '', stderr: expect.stringMatching(/^Indique qué exportar: .*\n$/) })
  })

  it('--since YYYY-MM-DD keeps filings received from that day on (Colombia time)', async () => {
    const messages = async (args: string[]) => {
      const rows = parseCsv((await runExport('pqrs', ...args)).stdout.slice(1))
      const col = rows[0]!.indexOf('Mensaje')
      return rows.slice(1).map(r => r[col])
    }
    expect(await messages(['--since', '2025-03-01'])).toEqual(['marzo', 'abril'])
    expect(await messages(['--since=2025-04-16'])).toEqual([])
    expect(await messages(['--since', '2025-02-28'])).toEqual(['febrero', 'marzo', 'abril'])
  })

  it('exports appointments, clinical records and subscriptions', async () => {
    const citas = parseCsv((await runExport('citas')).stdout.slice(1))
    expect(citas).toHaveLength(2)
    expect(citas[1]![citas[0]!.indexOf('Servicio')]).toBe('Medicina general')
    // The consent checkbox (the spec's aceptarPolitica) under the privacy notice's label (docs/decisions/export.md).
    expect(citas[1]![citas[0]!.indexOf('Autorizo a la E.S.E. a tratar mis datos personales para esta solicitud, según este aviso de privacidad.')]).toBe('Sí')
    const historias = parseCsv((await runExport('historias')).stdout.slice(1))
    expect(historias[0]).toEqual(expect.arrayContaining(['Radicado', 'Archivo guardado', 'SHA-256']))
    expect(historias).toHaveLength(1)
    const subs = parseCsv((await runExport('suscripciones', '--since', '2025-02-01')).stdout.slice(1))
    expect(subs).toEqual([
      ['Radicado', 'Fecha de recepción', 'Correo electrónico', 'Aviso de privacidad (versión aceptada)', 'Autorización de datos (fecha y hora)'],
      ['SUS-2025-000002', '2025-05-10 07:00', 'otro@example.com', '', ''],
    ])
  })

  it('comma separator on request, for a program that expects it', async () => {
    expect((await runExport('suscripciones', '--sep', ',')).stdout.split('\r\n')[0]).toBe(
      '\uFEFF"Radicado","Fecha de recepción","Correo electrónico","Aviso de privacidad (versión aceptada)","Autorización de datos (fecha y hora)"',
    )
  })

  it('refuses unknown exports, options and dates with a Spanish message', async () => {
    for (const args of [[], ['todo'], ['pqrs', '--since', '01/02/2025'], ['pqrs', '--desconocida']]) {
      await expect(runExport(...args)).rejects.toThrow(/Indique qué exportar|AAAA-MM-DD|Opción desconocida/)
    }
  })

  it('every export of personal data is written to the audit trail first, with what was exported and who ran it', async () => {
    await runExport('citas', '--since', '2025-04-01')
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN, readonly: true })
    const rows = await store.listAudit({})
    await store.close()
    const row = rows.find(r => r.evento === 'exportar' && r.detalle?.startsWith('citas desde 2025-04-01'))
    expect(row?.detalle).toMatch(/^citas desde 2025-04-01; usuario del sistema «[^»]+»$/)
    expect(row?.direccion).toMatch(/^línea de comandos en /)
    // and the exported trail shows it
    expect((await runExport('auditoria')).stdout).toContain('citas desde 2025-04-01')
  })

  it('when the audit trail cannot be written, nothing is exported', async () => {
    const locked = tempDataDir('export-no-audit')
    fs.cpSync(dataDir, locked, { recursive: true })
    const db = new Database(path.join(locked, 'radicaciones.sqlite'))
    // The database refuses the audit row, as a full disk or a broken connection would.
    db.exec("CREATE TRIGGER sin_auditoria BEFORE INSERT ON auditoria BEGIN SELECT RAISE(ABORT, 'disco lleno'); END;")
    db.close()
    await expect(exportInProcess(['pqrs'], { ...process.env, DATA_DIR: locked })).rejects.toThrow(
      /No se pudo registrar la exportación en la auditoría, así que no se entregó ningún dato/,
    )
    const cli = runCli({ DATA_DIR: locked }, 'pqrs')
    expect(cli.status).toBe(2)
    expect(cli.stdout).toBe('')
  })

  it('`npm run export > archivo`, typed as staff type it (no -s), writes exactly the CSV: its first line is the header', () => {
    const file = path.join(tempDataDir('export-redirect'), 'pqrs desde abril.csv')
    // Through the machine's shell, as a person runs it; npm prints its banner on standard output before the script starts.
    const r = spawnSync(`npm run export -- pqrs --since 2025-04-01 > "${file}"`, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      shell: true,
      encoding: 'utf8',
    })
    expect(r.status, r.stderr).toBe(0)
    const text = fs.readFileSync(file, 'utf8')
    expect(text.startsWith('\uFEFF"Radicado";"Fecha de recepción";')).toBe(true)
    const rows = parseCsv(text.slice(1))
    expect(rows.map(row => row[0])).toEqual(['Radicado', expect.stringMatching(/^PQRS-2025-\d{6}$/)])
    expect(text).not.toContain('> ')
  })

  it('a missing database is reported, not created', async () => {
    const empty = tempDataDir('empty')
    await expect(exportInProcess(['pqrs'], { ...process.env, DATA_DIR: empty })).rejects.toThrow(/No existe la base de datos/)
    expect(fs.readdirSync(empty)).toEqual([])
  })
})

describe('CSV cells', () => {
  it('quotes every cell, doubles quotes and neutralizes formulas', () => {
    expect(csvCell('a"b')).toBe('"a""b"')
    for (const f of ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1']) expect(csvCell(f)).toBe(`"'${f}"`)
    expect(csvCell(undefined)).toBe('""')
    expect(csvCell(12)).toBe('"12"')
    expect(toCsv(['a'], [['x,y']])).toBe('\uFEFF"a"\r\n"x,y"\r\n')
  })
})
