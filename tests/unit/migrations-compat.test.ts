import { describe, expect, it } from 'vitest'
import type { Migration } from '../../src/server/store/migration.ts'
import { BREAKS_OLDER, MIGRATIONS, recordedName } from '../../src/server/store/migrations.ts'

/**
 * Migrations are additive (docs/decisions/updates-and-releases.md): with PostgreSQL `npm run actualizar` applies the
 * new release's migrations while the old release still serves, and they stay when the new release fails its
 * health check. So a migration must leave a schema the previous release runs on, or say it cannot
 * (`breaksOlder`: then an older program refuses the database and actualizar will not apply it while the old
 * release serves). The statements that break an older release's reads or writes are recognised here.
 * Released migrations up to 2650 were reviewed by hand (the decision says how) and are not re-judged.
 */
const REVIEWED_UP_TO = 2650

const BREAKING: Array<[RegExp, string]> = [
  [/\bDROP\s+(TABLE|COLUMN|VIEW|CONSTRAINT|INDEX|TRIGGER|FUNCTION)\b/i, 'removes something'],
  [/\bRENAME\b/i, 'renames something'],
  [/\bALTER\s+COLUMN\b[^;]*\b(TYPE|SET\s+NOT\s+NULL)\b/i, 'retypes or tightens a column'],
  [/\bADD\s+CONSTRAINT\b/i, 'adds a rule to existing rows and writes'],
  [/\bADD\s+COLUMN\b(?![^;,]*\bDEFAULT\b)[^;,]*\bNOT\s+NULL\b/i, 'adds a required column without a default (older inserts fail)'],
]

/** Why a migration would break the release before it, unless it says so (`breaksOlder`). */
function incompatibilities(m: Migration): string[] {
  if (m.breaksOlder) return []
  // SQLite's table rebuild (rebuildsTables) copies, drops and renames by design; what it means is judged on PostgreSQL.
  const texts = m.rebuildsTables ? [m.postgres] : [m.sqlite, m.postgres]
  const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '')
  return BREAKING.filter(([re]) => texts.some(t => re.test(withoutComments(t)))).map(([, why]) => `${m.version} (${m.id}): ${why}`)
}

describe('migrations stay usable by the release before them', () => {
  it('every migration after the reviewed ones is additive or marked breaksOlder', () => {
    expect(MIGRATIONS.filter(m => m.version > REVIEWED_UP_TO).flatMap(incompatibilities)).toEqual([])
  })

  it('recognises the statements that break an older release, and accepts additive ones', () => {
    const m = (postgres: string, extra: Partial<Migration> = {}): Migration => ({ id: 'x', version: 9000, name: 'x', sqlite: '', postgres, ...extra })
    expect(incompatibilities(m('ALTER TABLE radicaciones DROP COLUMN canal;'))).toEqual(['9000 (x): removes something'])
    expect(incompatibilities(m('ALTER TABLE cuentas RENAME TO usuarios;'))).toEqual(['9000 (x): renames something'])
    expect(incompatibilities(m('ALTER TABLE radicaciones ALTER COLUMN datos TYPE jsonb;'))).toEqual(['9000 (x): retypes or tightens a column'])
    expect(incompatibilities(m('ALTER TABLE radicaciones ADD COLUMN sede text NOT NULL;'))).toEqual([
      '9000 (x): adds a required column without a default (older inserts fail)',
    ])
    expect(incompatibilities(m('ALTER TABLE radicaciones DROP COLUMN canal;', { breaksOlder: true }))).toEqual([])
    // Additive: a new table, a nullable column, a required column with its default, an index.
    expect(
      incompatibilities(
        m(`CREATE TABLE sedes (id integer PRIMARY KEY, nombre text NOT NULL);
           ALTER TABLE radicaciones ADD COLUMN sede text;
           ALTER TABLE radicaciones ADD COLUMN canal2 text NOT NULL DEFAULT 'web' CHECK (canal2 <> '');
           CREATE INDEX radicaciones_sede ON radicaciones (sede);`),
      ),
    ).toEqual([])
  })

  it('a migration that breaks older releases on one engine only is recorded as breaking on that engine only', () => {
    // 2900 (site tenancy): row policies an older release cannot pass on PostgreSQL; nothing changes in a SQLite file.
    const tenancy = MIGRATIONS.find(m => m.version === 2900)!
    expect(recordedName(tenancy, 'postgres').startsWith(BREAKS_OLDER)).toBe(true)
    expect(recordedName(tenancy, 'sqlite')).toBe(tenancy.name)
  })
})
