/**
 * The pre-render's store of converted Markdown (src/renderer/markdownStore.ts), kept between builds in one file per
 * site and pre-render share. A file belongs to the code fingerprint of the build that wrote it (src/build/buildSite.ts:
 * the source, the lock file and so marked's and sanitize-html's versions): other code starts from an empty store, so
 * a change to the conversion can never serve an old conversion. Entries are keyed by the whole text, so a changed
 * text is converted again. A run that succeeds writes back the entries its pages used and no others, so the file
 * never grows beyond the site's texts.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import type { MarkdownStore } from '../renderer/markdownStore.ts'

interface StoreFile {
  version: string
  entries: Array<[string, string]>
}

/** The file of one share of one site's pages (the site named by its generated-files folder). */
export function markdownStoreFile(cacheDir: string, genDir: string, share: string): string {
  const site = crypto.createHash('sha256').update(path.resolve(genDir)).digest('hex').slice(0, 16)
  return path.join(cacheDir, 'markdown', `${site}-${share.replace(/\W/g, '-')}.v8`)
}

export class KeptMarkdown implements MarkdownStore {
  private readonly used = new Map<string, string>()
  private added = 0

  private constructor(
    private readonly file: string,
    private readonly version: string,
    private readonly kept: Map<string, string>,
  ) {}

  /** The store of `file` for code `version`: empty when the file is missing, unreadable or of other code. */
  static open(file: string, version: string): KeptMarkdown {
    let kept = new Map<string, string>()
    try {
      const data = v8.deserialize(fs.readFileSync(file)) as Partial<StoreFile>
      if (data.version === version && Array.isArray(data.entries)) kept = new Map(data.entries)
    } catch {
      // No store yet, or a damaged one: every text is converted.
    }
    return new KeptMarkdown(file, version, kept)
  }

  get(markdown: string): string | undefined {
    const html = this.kept.get(markdown)
    if (html !== undefined) this.used.set(markdown, html)
    return html
  }

  set(markdown: string, html: string): void {
    if (!this.used.has(markdown)) this.added++
    this.used.set(markdown, html)
  }

  /** How many texts were taken from the store. */
  get reused(): number {
    return this.used.size - this.added
  }

  /** Writes the texts this run used (written whole, then renamed), unless they are exactly the ones kept. */
  save(): void {
    if (this.added === 0 && this.used.size === this.kept.size) return
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true })
      const tmp = `${this.file}.${process.pid}.tmp`
      const data: StoreFile = { version: this.version, entries: [...this.used] }
      fs.writeFileSync(tmp, v8.serialize(data))
      fs.renameSync(tmp, this.file)
    } catch {
      // A read-only cache folder only costs the next build the conversions.
    }
  }
}
