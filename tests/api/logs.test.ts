/**
 * The log. A filing, an office answer and a tracking query leave lines with the radicado and never the
 * citizen's or the staff member's data — at `debug`, the most talkative level — written to LOG_FILE through the
 * rotating transport; the first line says version, release, store, e-mail and address; one line per request at
 * `info` with the route's pattern; times in ISO 8601.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { Client, ROOT, startChild, tempDataDir, validPqrs } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const STAFF = { correo: 'registro.prueba@hospital.gov.co', clave: 'clave larga del registro 9' }
const CITIZEN = {
  nombre: 'Zacarías',
  apellido: 'Quintanilla Ñáñez',
  numeroIdentificacion: '987654321012',
  correoElectronico: 'zq.privado@example.org',
  telefono: '3157778899',
  direccion: 'Carrera 77 # 12-34 apto 501',
  mensaje: 'Texto confidencial de mi petición sobre mi tratamiento XYZZY.',
}
const ANSWER = 'Respuesta reservada al ciudadano QWERTY.'

describe('log', () => {
  it('no personal data in any line (filing, office answer, tracking query) at debug, written to LOG_FILE', async () => {
    const dataDir = tempDataDir('registro')
    const logFile = path.join(dataDir, 'registro', 'sitio.log')
    const made = spawnSync(
      process.execPath,
      compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', 'Registro Prueba', '--rol', 'admin']),
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        input: `${STAFF.clave}\n${STAFF.clave}\n`,
        encoding: 'utf8',
      },
    )
    expect(made.status, made.stderr).toBe(0)
    const server = await startChild(dataDir, { LOG_LEVEL: 'debug', LOG_FILE: logFile })
    let radicado = ''
    let codigo = ''
    try {
      const citizen = await new Client(server.url).init()
      const filed = await citizen.postJson('/api/pqrs', validPqrs(CITIZEN))
      expect(filed.status).toBe(200)
      ;({ id: radicado, codigo } = (await filed.json()) as { id: string; codigo: string })

      const staff = await new Client(server.url).init()
      const signIn = await fetch(`${server.url}/api/oficina/sesion`, {
        method: 'POST',
        headers: staff.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(STAFF),
      })
      expect(signIn.status).toBe(200)
      const session = signIn.headers
        .getSetCookie()
        .find(c => c.startsWith('oficina_sesion='))!
        .split(';')[0]!
      const headers = { ...staff.headers({ 'content-type': 'application/json' }), cookie: `XSRF-TOKEN=${staff.token}; ${session}` }
      expect((await fetch(`${server.url}/api/oficina/radicaciones/${radicado}`, { headers })).status).toBe(200)
      const answered = await fetch(`${server.url}/api/oficina/radicaciones/${radicado}/acciones`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ accion: 'responder', texto: ANSWER }),
      })
      expect(answered.status).toBe(200)

      // A query string with personal data: the request line names the route's pattern, never what was typed.
      expect((await fetch(`${server.url}/buscar?q=${encodeURIComponent(CITIZEN.apellido)}`)).status).toBeLessThan(500)
      const tracked = await citizen.postJson('/api/consulta', { radicado, codigo })
      expect(tracked.status).toBe(200)
      expect(((await tracked.json()) as { respuesta?: string }).respuesta).toBe(ANSWER)
    } finally {
      await server.close()
    }

    const files = fs.readdirSync(path.dirname(logFile))
    expect(
      files.some(f => /^sitio\.\d{4}-\d{2}-\d{2}\.\d+\.log$/.test(f)),
      files.join(', '),
    ).toBe(true)
    const text = files.map(f => fs.readFileSync(path.join(path.dirname(logFile), f), 'utf8')).join('')
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map(l => JSON.parse(l) as Record<string, unknown>)
    expect(server.output().trim()).toBe('')

    const forbidden = [...Object.values(CITIZEN), ANSWER, codigo, STAFF.correo, STAFF.clave, 'Registro Prueba', 'Quintanilla', '987654321012', '127.0.0.1:']
    for (const line of lines) {
      const raw = JSON.stringify(line)
      for (const word of forbidden.filter(w => w !== '127.0.0.1:')) expect(raw, raw).not.toContain(word)
      // The visitor's address is personal data too; only the lines naming the server's own address may hold one.
      if (line.msg !== `servidor iniciado en ${server.url}` && line.msg !== `Server listening at ${server.url}`) expect(raw).not.toContain('127.0.0.1')
    }
    const start = lines.find(l => typeof l.msg === 'string' && l.msg.startsWith('servidor iniciado'))!
    expect(start).toMatchObject({
      level: 30,
      almacenamiento: `SQLite ${path.join(dataDir, 'radicaciones.sqlite')}`,
      correo: 'sin configurar (SMTP_URL)',
      direccion: server.url,
    })
    expect(start.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(start.publicacion).toMatch(/sin publicar|^\d{4}-/)
    expect(lines.filter(l => l.msg === 'radicación recibida')).toEqual([expect.objectContaining({ level: 30, radicado })])
    expect(lines.filter(l => l.msg === 'acción de la oficina')).toEqual([expect.objectContaining({ level: 30, radicado })])
    // A line per answered request at info: method, route pattern, status and time; never the address asked for.
    const requests = lines.filter(l => l.msg === 'solicitud')
    expect(requests.length).toBeGreaterThan(4)
    expect(new Set(requests.map(l => l.level))).toEqual(new Set([30]))
    for (const r of requests)
      expect(Object.keys(r).sort()).toEqual(['level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'statusCode', 'time', 'hostname'].sort())
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/oficina/radicaciones/:radicado/acciones', statusCode: 200 }))
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', route: '/buscar' }))
    // ISO 8601 times, not epoch milliseconds.
    for (const line of lines) expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })
})
