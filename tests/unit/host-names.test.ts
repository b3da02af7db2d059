/**
 * The host a platform request is dispatched by (src/server/siteHosts.ts hostName): a fully qualified name with its
 * final dot (`hospital.gov.co.`, which DNS and browsers accept) is the same host as without it, so it is served by
 * the same site instead of the unknown-host 404; case and port never matter.
 */
import { describe, expect, it } from 'vitest'
import { hostName } from '../../src/server/siteHosts.ts'

describe('the host of a request', () => {
  it('a trailing dot names the same host', () => {
    expect(hostName('hospital.gov.co.')).toBe('hospital.gov.co')
    expect(hostName('WWW.Hospital.gov.co.:443')).toBe('www.hospital.gov.co')
    expect(hostName('hospital.gov.co')).toBe('hospital.gov.co')
  })

  it('without port, lower case, brackets of an IPv6 address removed', () => {
    expect(hostName('Hospital.GOV.co:3000')).toBe('hospital.gov.co')
    expect(hostName('[::1]:3000')).toBe('::1')
    expect(hostName(undefined)).toBe('')
  })
})
