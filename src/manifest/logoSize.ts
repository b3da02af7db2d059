/**
 * The drawn size of the hospital's logo (`identidad.logo` in site.yaml), read from its file in public/ by the
 * `image-size` library (SVG width/height or viewBox, PNG, JPEG and WEBP headers). The header writes it as the
 * image's width and height: the style sheet gives the logo a height and `width: auto`, so without them the browser
 * knows the logo's width only once the file has arrived, and the hospital's name beside it moves (a layout shift;
 * docs/decisions/platform.md, «Per-site identity»). A module of its own because it reads public/, where
 * siteIdentity.ts works from the manifest alone.
 */
import fs from 'node:fs'
import path from 'node:path'
import { imageSize } from 'image-size'
import { publicDir } from './paths.ts'

export interface LogoSize {
  width: number
  height: number
}

/** The logo's file under `root` (the URL is `/assets/…`, checked by the schema). */
function fileOf(url: string, root: string): string {
  return path.join(root, ...url.split('/').filter(Boolean))
}

/** The logo's size, or undefined when its file is missing (the link check says so) or not a readable image. */
export function logoSize(url: string, root = publicDir()): LogoSize | undefined {
  try {
    const { width, height } = imageSize(fs.readFileSync(fileOf(url, root)))
    return width && height ? { width: Math.round(width), height: Math.round(height) } : undefined
  } catch {
    return undefined
  }
}

/** Whether the logo's file exists (a missing one is the link check's to report). */
export function logoFileExists(url: string, root = publicDir()): boolean {
  return fs.existsSync(fileOf(url, root))
}
