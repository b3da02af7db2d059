/**
 * `items.map(fn)` with at most `limit` calls running at once, results in the items' order. A platform asks its sites
 * a few at a time (their stores, their servers): all at once, a thousand sites would open a thousand database
 * connections and start every site's server together.
 */
export async function mapAtMost<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker))
  return results
}
