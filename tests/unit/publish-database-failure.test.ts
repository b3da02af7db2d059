/**
 * A publication through a database not migrated since this version (docs/decisions/platform.md, «Releases through
 * the database») tells IT what to run, not PostgreSQL's English; any other failure keeps its own message.
 */
import { describe, expect, it } from 'vitest'
import { databaseFailure } from '../../src/server/releasePublishing.ts'

describe('why a publication through the database failed', () => {
  it('a missing table (42P01) names the migration command; other errors keep their message', () => {
    const missing = Object.assign(new Error('relation "publicaciones_puntero" does not exist'), { code: '42P01' })
    expect(databaseFailure(missing)).toBe(
      'le faltan las tablas de publicaciones: aplique las migraciones con la cuenta dueña, npm run -s bd:preparar -- <cuenta del servidor>',
    )
    expect(databaseFailure(Object.assign(new Error('conexión rechazada'), { code: 'ECONNREFUSED' }))).toBe('conexión rechazada')
  })
})
