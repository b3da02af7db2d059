import { describe, expect, it } from 'vitest'
import { exposureWarning, isLoopbackHost, trustProxyFromEnv } from '../../src/server/config.ts'

describe('the warning at start about an exposed server without a trusted proxy', () => {
  it('is given for an address other machines reach when TRUST_PROXY is not set', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'servidor.hospital.local']) {
      expect(exposureWarning(host, trustProxyFromEnv(undefined))).toMatch(
        /^ATENCIÓN: el servidor escucha en .+ y TRUST_PROXY no está definido\. .*cookie de la oficina no se marca Secure/,
      )
    }
  })

  it('is not given on loopback, nor when a proxy is trusted', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost']) {
      expect(isLoopbackHost(host)).toBe(true)
      expect(exposureWarning(host, false)).toBeUndefined()
    }
    expect(exposureWarning('0.0.0.0', trustProxyFromEnv('10.0.0.5'))).toBeUndefined()
    expect(exposureWarning('0.0.0.0', trustProxyFromEnv('true'))).toBeUndefined()
    expect(isLoopbackHost('128.0.0.1')).toBe(false)
  })
})
