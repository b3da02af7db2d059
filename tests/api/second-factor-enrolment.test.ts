import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { runAccountsCommand, UsageError } from '../../src/server/features/office/usuariosCli.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import type { FilingStore } from '../../src/server/store/store.ts'
import { FILING_PLAN, tempDataDir } from './helpers.ts'

// Enrolment switches the second factor on only after a first code made from the shown secret
// (docs/decisions/security.md, «Second factor enrolment»).
const CORREO = 'jefe@hospital.gov.co'
const SITE = { formIds: ['pqrsd'], siteName: 'E.S.E. Hospital de Prueba' }

describe('second factor enrolment', () => {
  let store: FilingStore
  beforeAll(async () => {
    store = await openFilingStore({ dataDir: tempDataDir('2fa-inscripcion'), plan: FILING_PLAN })
    await store.createAccount({ correo: CORREO, nombre: 'Jefe', rol: 'admin', clave: await hashPassword('una clave larga de prueba') })
  })
  afterAll(async () => store?.close())

  /** Runs `2fa`, answering the code prompt with what `code` makes of the secret shown. */
  async function enrol(code: (secret: string) => Promise<string>): Promise<{ lines: string[]; error?: unknown }> {
    const lines: string[] = []
    const io = {
      out: (line: string) => lines.push(line),
      readPassword: async () => code(/clave ([A-Z2-7]{16,})/.exec(lines.join('\n'))![1]!),
    }
    try {
      await runAccountsCommand(['2fa', CORREO], store, io, SITE)
      return { lines }
    } catch (error) {
      return { lines, error }
    }
  }

  it('a wrong first code leaves the account without a second factor', async () => {
    const refused = await enrol(async () => '000000')
    expect(refused.error).toBeInstanceOf(UsageError)
    expect((refused.error as Error).message).toMatch(/^El código no coincide: el segundo factor NO se activó/)
    expect((await store.findAccountByEmail(CORREO))?.totp).toBeFalsy()
  })

  it('the right first code switches it on; a QR code and the hospital as issuer are shown', async () => {
    const done = await enrol(secret => generate({ secret }))
    expect(done.error).toBeUndefined()
    const secret = /clave ([A-Z2-7]{16,})/.exec(done.lines.join('\n'))![1]!
    expect((await store.findAccountByEmail(CORREO))?.totp).toBe(secret)
    // The QR code is drawn with block characters the terminal shows.
    expect(done.lines.join('\n')).toMatch(/[█▀▄]{10}/)
    const uri = new URL(/otpauth:\/\/\S+/.exec(done.lines.join('\n'))![0])
    expect(uri.searchParams.get('issuer')).toBe(SITE.siteName)
    expect(uri.searchParams.get('secret')).toBe(secret)
  })
})
