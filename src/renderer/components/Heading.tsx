import { createContext, useContext, type ReactNode } from 'react'

/** Section headings nest one level below the panel that holds them. */
const Level = createContext(2)

export function Heading({ children, id }: { children: ReactNode; id?: string }) {
  const level = Math.min(useContext(Level), 6)
  const Tag = `h${level}` as 'h2'
  return <Tag id={id}>{children}</Tag>
}

export function Nested({ children }: { children: ReactNode }) {
  const level = useContext(Level)
  return <Level.Provider value={level + 1}>{children}</Level.Provider>
}

export function useHeadingLevel(): number {
  return useContext(Level)
}
