import type { PageContext } from 'vike/types'
import type { PageData } from '../renderer/types.ts'

export function description(pageContext: PageContext): string | undefined {
  return (pageContext.data as PageData | undefined)?.descripcion
}
