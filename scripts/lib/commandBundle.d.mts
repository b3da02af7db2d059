/** Types of commandBundle.mjs (plain JavaScript: it runs before any TypeScript can). */
export function bundleDir(root: string): string
export function bundlePath(root: string, entry: string): string
export function isCurrent(root: string, entry: string): boolean
export function currentBundle(root: string, entry: string): Promise<string>
