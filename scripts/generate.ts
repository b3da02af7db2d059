/** `npm run generate`: the files derived from the manifest (see src/build/generate.ts). */
import { loadValidManifestCached } from '../src/manifest/load.ts'
import { writeGeneratedFiles } from '../src/build/generate.ts'

const generated = writeGeneratedFiles(loadValidManifestCached())
console.log(`Generados: ${generated.join(', ')}`)
