import fs from 'node:fs'
import { expect, it } from 'vitest'
import { generateTypes, TYPES_FILE } from '../../scripts/gen-types.ts'

it('the committed TypeScript types match the JSON Schemas (run npm run gen:types after a schema change)', async () => {
  expect(fs.readFileSync(TYPES_FILE, 'utf8')).toBe(await generateTypes())
})
