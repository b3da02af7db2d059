/**
 * A request to a platform's one server as a browser at `host` makes it (fetch cannot set the Host header): the
 * platform's tests talk to each site by its domain on 127.0.0.1.
 */
import http from 'node:http'

export interface HostAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  /** The body as it came (a PDF's bytes, which `text` would mangle). */
  bytes: Buffer
}

export function askHost(
  port: number,
  host: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: { ...headers, host } }, res => {
      const chunks: Buffer[] = []
      res.on('data', c => chunks.push(c))
      res.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({ status: res.statusCode!, headers: res.headers, text: bytes.toString('utf8'), bytes })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}
