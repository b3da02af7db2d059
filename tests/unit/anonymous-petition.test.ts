/**
 * What makes a filing anonymous in the office (features/office/records.ts isAnonymous; docs/decisions/forms.md,
 * «Anonymous petitions»): the rule that hides the personal-data consent, never any other hiding rule of the form. A
 * named petition shown as anonymous would hide from staff that the sender expects an answer at an address.
 */
import { describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import type { FormDefinition } from '../../src/manifest/types.generated.ts'
import { isAnonymous } from '../../src/server/features/office/records.ts'

const { manifest } = loadManifest()
const pqrsd = manifest.forms.find(f => f.data.id === 'pqrsd')!.data

/** The sample PQRSD with one more hiding rule: the postal address is not asked of a complaint (tipoSolicitud 2). */
const withAnotherHidingRule: FormDefinition = {
  ...pqrsd,
  reglas: [...(pqrsd.reglas ?? []), { si: { campo: 'tipoSolicitud', valores: [2] }, entonces: { ocultar: ['direccion'] } }],
}

const named = { tipoPersona: 1, tipoSolicitud: 2, nombre: 'Ana', apellido: 'Pérez', correoElectronico: 'ana@example.com', autorizacionDatos: true }

describe('an anonymous petition', () => {
  it('is the one whose rules hid the personal-data consent', () => {
    expect(isAnonymous(withAnotherHidingRule, { tipoPersona: 5, tipoSolicitud: 2, mensaje: 'denuncia' })).toBe(true)
  })

  it('a named petition that another hiding rule applies to is not anonymous', () => {
    expect(isAnonymous(withAnotherHidingRule, named)).toBe(false)
    expect(isAnonymous(pqrsd, named)).toBe(false)
  })
})
