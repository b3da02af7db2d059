import type { PageContext } from 'vike/types'
import type { PageData } from '../renderer/types.ts'

export function title(pageContext: PageContext): string {
  const data = pageContext.data as PageData | undefined
  return data ? `${data.titulo} | ${data.layout.nombreCorto}` : 'Hospital'
}
