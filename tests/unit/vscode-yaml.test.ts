/**
 * Help while typing in VS Code: the YAML extension recommended in .vscode/extensions.json runs the
 * YAML language server with the settings of .vscode/settings.json. This test runs that same server
 * (the npm package the extension bundles) over LSP with the shipped settings and checks what a clerk
 * sees: each manifest folder gets its schema, completion offers Spanish help, a mistake is marked
 * on its line.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve('.')
const settings = JSON.parse(fs.readFileSync(path.join(root, '.vscode/settings.json'), 'utf8')) as Record<string, unknown>

interface Diagnostic {
  range: { start: { line: number; character: number } }
  message: string
  severity?: number
}

/** A minimal LSP client over stdio (Content-Length framing, JSON-RPC 2.0). */
class LspClient {
  private nextId = 1
  private buffer = Buffer.alloc(0)
  private pending = new Map<number, (result: unknown) => void>()
  private diagnostics = new Map<string, Diagnostic[]>()
  private waiters: (() => void)[] = []

  constructor(private readonly proc: ChildProcess) {
    proc.stdout!.on('data', (chunk: Buffer) => this.receive(chunk))
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n')
      if (headerEnd < 0) return
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1])
      if (this.buffer.length < headerEnd + 4 + length) return
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'))
      this.buffer = this.buffer.subarray(headerEnd + 4 + length)
      this.handle(message)
    }
  }

  private handle(message: { id?: number; method?: string; params?: any; result?: unknown }): void {
    if (message.method === 'workspace/configuration') {
      // The server asks for sections such as "yaml" or "[yaml]": answer from .vscode/settings.json.
      const items = (message.params.items as { section?: string }[]).map(i => this.section(i.section ?? ''))
      this.send({ id: message.id, result: items })
    } else if (message.method && message.id !== undefined) {
      this.send({ id: message.id, result: null })
    } else if (message.method === 'textDocument/publishDiagnostics') {
      this.diagnostics.set(message.params.uri, message.params.diagnostics)
      for (const w of this.waiters.splice(0)) w()
    } else if (message.id !== undefined && this.pending.has(message.id)) {
      this.pending.get(message.id)!(message.result)
      this.pending.delete(message.id)
    }
  }

  /** VS Code's flat "yaml.schemas" keys, regrouped as the nested object the server expects. */
  section(name: string): unknown {
    const prefix = `${name}.`
    if (name in settings) return settings[name]
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(settings)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value
    return out
  }

  private send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8')
    this.proc.stdin!.write(`Content-Length: ${body.length}\r\n\r\n`)
    this.proc.stdin!.write(body)
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++
    return new Promise(resolve => {
      this.pending.set(id, resolve as (r: unknown) => void)
      this.send({ id, method, params })
    })
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params })
  }

  async diagnosticsFor(uri: string, timeoutMs = 15_000): Promise<Diagnostic[]> {
    const started = Date.now()
    while (!this.diagnostics.has(uri)) {
      if (Date.now() - started > timeoutMs) throw new Error(`sin diagnósticos para ${uri}`)
      await new Promise<void>(resolve => {
        this.waiters.push(resolve)
        setTimeout(resolve, 200)
      })
    }
    return this.diagnostics.get(uri)!
  }
}

let server: ChildProcess
let lsp: LspClient
let version = 1

function uriOf(rel: string): string {
  return pathToFileURL(path.join(root, rel)).href
}

function open(rel: string, text: string): string {
  const uri = uriOf(rel)
  lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: version++, text } })
  return uri
}

async function hover(uri: string, line: number, character: number): Promise<string> {
  const result = await lsp.request<{ contents: { value: string } | string } | null>('textDocument/hover', {
    textDocument: { uri },
    position: { line, character },
  })
  if (!result) return ''
  return typeof result.contents === 'string' ? result.contents : result.contents.value
}

beforeAll(async () => {
  const bin = path.join(root, 'node_modules/yaml-language-server/bin/yaml-language-server')
  server = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] })
  lsp = new LspClient(server)
  await lsp.request('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'sitio' }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: {
        completion: { completionItem: { documentationFormat: ['markdown', 'plaintext'], snippetSupport: true } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: {},
      },
    },
  })
  lsp.notify('initialized', {})
  lsp.notify('workspace/didChangeConfiguration', { settings: { yaml: lsp.section('yaml') } })
})

afterAll(() => {
  server?.kill()
})

describe('VS Code YAML help with the shipped .vscode/settings.json', () => {
  it('recommends the YAML extension', () => {
    const ext = JSON.parse(fs.readFileSync(path.join(root, '.vscode/extensions.json'), 'utf8'))
    expect(ext.recommendations).toContain('redhat.vscode-yaml')
  })

  // One real file of each folder: no false error, and hovering its first key shows that folder's schema help.
  const samples: [string, number, RegExp][] = [
    ['manifest/site.yaml', 2, /Nombre oficial de la institución/],
    ['manifest/pages/hospital/junta.yaml', 0, /Ruta de la página en el sitio/],
    ['manifest/documents/control-informes.yaml', 1, /Identificador de la lista/],
    ['manifest/news/nueva-ambulancia.yaml', 0, /Identificador de la noticia/],
    ['manifest/forms/pqrsd.yaml', 1, /Identificador del formulario/],
    ['manifest/forms/lookups.yaml', 2, /listas de opciones por id/],
  ]
  for (const [rel, line, help] of samples) {
    it(`${rel}: its schema applies, with Spanish help and no false error`, async () => {
      const text = fs.readFileSync(path.join(root, rel), 'utf8')
      const uri = open(rel, text)
      expect(await lsp.diagnosticsFor(uri)).toEqual([])
      expect(await hover(uri, line, 1)).toMatch(help)
    })
  }

  it('marks a wrong value on its line, with the allowed values', async () => {
    const text = [
      'ruta: /prueba-editor',
      'etiqueta: Prueba',
      'titulo: Prueba',
      'secciones:',
      '  - tipo: documentos',
      '    fuente: control-informes',
      '    vista: acordeón',
      '',
    ].join('\n')
    const uri = open('manifest/pages/prueba-editor.yaml', text)
    const diagnostics = await lsp.diagnosticsFor(uri)
    const onLine = diagnostics.filter(d => d.range.start.line === 6)
    expect(onLine.length, JSON.stringify(diagnostics)).toBeGreaterThan(0)
    expect(onLine.map(d => d.message).join('\n')).toMatch(/acordeon/)
  })

  it('completes the keys of a section type with their Spanish description', async () => {
    const text = ['ruta: /prueba-completar', 'etiqueta: Prueba', 'titulo: Prueba', 'secciones:', '  - tipo: documentos', '    ', ''].join('\n')
    const uri = open('manifest/pages/prueba-completar.yaml', text)
    const result = await lsp.request<{ items: { label: string; documentation?: { value: string } | string }[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 5, character: 4 },
    })
    const fuente = result.items.find(i => i.label === 'fuente')
    expect(result.items.map(i => i.label)).toEqual(expect.arrayContaining(['fuente', 'vista', 'paneles']))
    const doc = typeof fuente?.documentation === 'string' ? fuente.documentation : fuente?.documentation?.value
    expect(doc).toMatch(/Id de una lista de manifest\/documents\//)
  })

  it('completes the allowed values of a field', async () => {
    const text = ['ruta: /prueba-valores', 'etiqueta: Prueba', 'titulo: Prueba', 'secciones:', '  - tipo: documentos', '    fuente: x', '    vista: ', ''].join(
      '\n',
    )
    const uri = open('manifest/pages/prueba-valores.yaml', text)
    const result = await lsp.request<{ items: { label: string }[] }>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 6, character: 11 },
    })
    expect(result.items.map(i => i.label)).toEqual(expect.arrayContaining(['acordeon', 'tabla', 'lista']))
  })
})
