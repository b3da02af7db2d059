/**
 * The page every shipped proxy configuration answers when the server does not (502, 504; 503 too behind several
 * nodes) tells a citizen without JavaScript the truth about a form being sent: a timeout can come after the server
 * stored the filing, so the page may not say it was not received (docs/decisions/updates-and-releases.md).
 * tests/api/proxies.test.ts reads nginx's page as served; here, the text of each shipped file.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const FILES = ['despliegue/Caddyfile', 'despliegue/Caddyfile-nodos', 'despliegue/nginx-sitio-hospital.conf']

describe("the proxies' «Servicio no disponible» page", () => {
  it.each(FILES)('%s says a form being sent may not have been received, never that it was not', file => {
    const text = fs.readFileSync(path.resolve(file), 'utf8')
    expect(text).toContain('<h1>Servicio no disponible</h1>')
    expect(text).toContain('Si estaba enviando un formulario, es posible que no se haya recibido')
    expect(text).not.toContain('no se recibió')
  })
})
