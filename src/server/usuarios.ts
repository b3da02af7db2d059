/**
 * `npm run -s usuarios -- crear|lista|desactivar|activar|clave … [--sitio <id>]`: staff
 * accounts of the office, on the server's DATA_DIR (or DATABASE_URL's PostgreSQL database); on a platform, of the
 * site named by --sitio (siteOption.ts). See office/usuariosCli.ts.
 */
import path from 'node:path'
import readline from 'node:readline'
import { pathToFileURL } from 'node:url'
import { runAccountsCommand, UsageError } from './features/office/usuariosCli.ts'
import { loadFilingForms } from './siteData.ts'
import { refuseRootForOtherAccount } from './serviceAccount.ts'
import { chooseSite } from './siteOption.ts'
import { openFilingStore } from './store/open.ts'
import type { FilingStore } from './store/store.ts'

/** The first line of standard input; typed without echo when it is a terminal. */
export function readPassword(prompt: string): Promise<string> {
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
  let store: FilingStore | undefined
  try {
    // On a platform, `--sitio <id>`: that site's accounts (its data folder, or its rows in PostgreSQL).
    const { args, env, siteId } = chooseSite(process.argv.slice(2))
    const dataDir = path.resolve(env.DATA_DIR || './data')
    refuseRootForOtherAccount(dataDir, `npm run -s usuarios -- ${process.argv.slice(2).join(' ')}`)
    const { filings, plan, siteName } = loadFilingForms(env.MANIFEST_DIR ? path.resolve(env.MANIFEST_DIR) : undefined)
    // Forms an account may be limited to: the filing forms the office answers.
    const officeFormIds = filings.filter(f => f.clase === 'radicacion').map(f => f.form.id)
    store = await openFilingStore({ dataDir, plan, databaseUrl: env.DATABASE_URL, siteId })
    // The hospital's name is the issuer the authenticator app lists the account under.
    const site = { formIds: officeFormIds, siteName: siteName ?? 'Oficina de atención al usuario' }
    await runAccountsCommand(args, store, { readPassword, out: line => process.stdout.write(`${line}\n`) }, site)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = error instanceof UsageError ? 2 : 1
  } finally {
    await store?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main()
