/** `npm run generate`: the files derived from the manifest (see scripts/lib/generate.ts). */
import { loadValidManifestCached } from '../src/manifest/load.ts'
import { writeGeneratedFiles } from './lib/generate.ts'

const generated = writeGeneratedFiles(loadValidManifestCached())
console.log(`Generados: ${generated.join(', ')}`)
