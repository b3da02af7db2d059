import { SMTPServer } from 'smtp-server'
import { freePort } from './helpers.ts'

/** A message as a local SMTP server received it, decoded enough for assertions. */
export interface ReceivedMail {
  to: string[]
  raw: string
  subject: string
  /** The text/plain part, decoded. */
  text: string
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>
}

export interface LocalSmtp {
  url: string
  inbox: ReceivedMail[]
  close(): Promise<void>
}

/** A local SMTP server (no TLS, no auth) that keeps every message it receives; `reject` refuses every message with 550. */
export async function startSmtp(options: { reject?: boolean } = {}): Promise<LocalSmtp> {
  const port = await freePort()
  const inbox: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (d: Buffer) => (raw += d.toString('latin1')))
      stream.on('end', () => {
        if (options.reject) return callback(Object.assign(new Error('Buzón no disponible'), { responseCode: 550 }))
        inbox.push({ to: session.envelope.rcptTo.map(r => r.address), raw, ...parseMail(raw) })
        callback()
      })
    },
  })
  await new Promise<void>(resolve => server.listen(port, '127.0.0.1', resolve))
  return { url: `smtp://127.0.0.1:${port}`, inbox, close: () => new Promise<void>(resolve => server.close(() => resolve())) }
}

function splitHead(raw: string): { head: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n')
  const headText = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at + 4)
  const head: Record<string, string> = {}
  for (const line of headText.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) head[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim()
  }
  return { head, body }
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  const enc = (encoding ?? '7bit').toLowerCase()
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64')
  if (enc === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    )
  return Buffer.from(body, 'latin1')
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

/** Subject, text part and attachments of a raw message (enough MIME for nodemailer's output). */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { head } = splitHead(raw)
  const out: Omit<ReceivedMail, 'to' | 'raw'> = { subject: decodeWords(head.subject ?? ''), text: '', attachments: [] }
  const walk = (part: string) => {
    const { head: h, body } = splitHead(part)
    const type = h['content-type'] ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (/^multipart\//i.test(type) && boundary) {
      for (const child of body.split(`--${boundary}`).slice(1)) if (!child.startsWith('--')) walk(child.replace(/^\r\n/, ''))
      return
    }
    const content = decodeBody(body, h['content-transfer-encoding'])
    const disposition = h['content-disposition'] ?? ''
    if (/attachment/i.test(disposition)) {
      const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '')
      out.attachments.push({ filename, contentType: type.split(';')[0]!.trim(), content })
    } else if (/^text\/plain/i.test(type)) out.text += content.toString('utf8')
  }
  walk(raw)
  return out
}
