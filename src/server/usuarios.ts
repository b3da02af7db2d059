/**
 * `npm run -s usuarios -- crear|lista|desactivar|activar|clave …`: staff
 * accounts of the office, on the server's DATA_DIR (or DATABASE_URL's PostgreSQL database). See office/usuariosCli.ts.
 */
import path from 'node:path'
import readline from 'node:readline'
import { pathToFileURL } from 'node:url'
import { runAccountsCommand, UsageError } from './office/usuariosCli.ts'
import { loadFilingForms } from './siteData.ts'
import { openFilingStore } from './store/open.ts'
import type { FilingStore } from './store/store.ts'

/** The first line of standard input; typed without echo when it is a terminal. */
function readPassword(prompt: string): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) {
    return new Promise((resolve, reject) => {
      let data = ''
      input.setEncoding('utf8')
      input.on('data', (chunk: string) => (data += chunk))
      input.on('end', () => resolve(data.split(/\r?\n/)[0] ?? ''))
      input.on('error', reject)
    })
  }
  return new Promise(resolve => {
    process.stderr.write(prompt)
    const rl = readline.createInterface({ input, terminal: true })
    // Do not echo what is typed.
    ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined
    rl.question('', answer => {
      rl.close()
      process.stderr.write('\n')
      resolve(answer)
    })
  })
}

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR || './data')
  let store: FilingStore | undefined
  try {
    const { filings, plan } = loadFilingForms(process.env.MANIFEST_DIR ? path.resolve(process.env.MANIFEST_DIR) : undefined)
    // Forms an account may be limited to: the filing forms the office answers.
    const officeFormIds = filings.filter(f => f.clase === 'radicacion').map(f => f.form.id)
    store = await openFilingStore({ dataDir, plan, databaseUrl: process.env.DATABASE_URL })
    await runAccountsCommand(process.argv.slice(2), store, { readPassword, out: line => process.stdout.write(`${line}\n`) }, officeFormIds)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = error instanceof UsageError ? 2 : 1
  } finally {
    await store?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main()
