/**
 * Vitest setup file (run before each test file, in a shared worker too): the folders the file made with
 * `tempDataDir` are removed once its own afterAll hooks have run. Registered first, so run last (hooks: 'stack').
 */
import { afterAll } from 'vitest'
import { removeTempDirs } from './tempDirs.ts'

afterAll(removeTempDirs)
