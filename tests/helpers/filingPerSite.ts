import { openFilingStore } from '../../src/server/store/open.ts'
import { FILING_PLAN, tempDataDir } from '../api/helpers.ts'

/**
 * One PQRSD for each of `sites` on the platform's database (its `datos.m`: «de <site>», which no log line may
 * show), each stored through that site's own store, as its server would.
 */
export async function seedOneFilingPerSite(databaseUrl: string, sites: readonly string[]): Promise<void> {
  for (const site of sites) {
    const store = await openFilingStore({ dataDir: tempDataDir(`sitio-${site}`), plan: FILING_PLAN, databaseUrl, siteId: site })
    try {
      await store.createFiling({ kind: 'pqrs', datos: { m: `de ${site}` } })
    } finally {
      await store.close()
    }
  }
}
