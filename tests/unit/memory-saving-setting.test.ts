/**
 * A platform process runs V8 in its memory-saving mode only when the operator says PLATAFORMA_AHORRO_MEMORIA=si
 * (src/server/memorySaving.ts, docs/decisions/platform.md «What a site keeps in memory»). The mode itself is set
 * by the platform server (tests/api/site-hosts.test.ts reads its start line); here, the setting.
 */
import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../../src/server/config.ts'

describe('PLATAFORMA_AHORRO_MEMORIA', () => {
  it('is off unless set to «si»', () => {
    expect(configFromEnv({}).memorySaving).toBe(false)
    expect(configFromEnv({ PLATAFORMA_AHORRO_MEMORIA: 'si' }).memorySaving).toBe(true)
    expect(configFromEnv({ PLATAFORMA_AHORRO_MEMORIA: 'no' }).memorySaving).toBe(false)
  })
  it('takes «sí» as a Spanish keyboard writes it, and refuses anything else in Spanish rather than leave the mode off', () => {
    expect(configFromEnv({ PLATAFORMA_AHORRO_MEMORIA: 'sí' }).memorySaving).toBe(true)
    expect(configFromEnv({ PLATAFORMA_AHORRO_MEMORIA: 'Sí' }).memorySaving).toBe(true)
    expect(() => configFromEnv({ PLATAFORMA_AHORRO_MEMORIA: 'yes' })).toThrow('PLATAFORMA_AHORRO_MEMORIA admite «si» o «no» (recibido «yes»).')
  })
})
