import fs from 'node:fs'

/**
 * Where Vike looks for the `+` files of the pages: `src/` only (src/pages). Vike lists them with `git ls-files` only
 * when git is 2.43.1 or newer (Debian 12 has 2.39), and otherwise walks the whole project folder, which holds much
 * that is not code: a platform's sites and their releases, `data/`, test copies, the bench's sites. Measured: 31 s per
 * walk with the bench's 1,000 sites in `bench/tmp`, against 72 ms with the other folders left out; every Vike process
 * of every build walked (docs/decisions/build.md, «Vike looks for its files in src/ only»).
 */
export function vikeCrawl(root: string): string {
  const others = fs
    .readdirSync(root, { withFileTypes: true })
    .filter(entry => entry.isDirectory() && entry.name !== 'src')
    .map(entry => `${entry.name}/**`)
  return JSON.stringify({ ignore: others })
}
