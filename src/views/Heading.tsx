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

/**
 * The visible title of an accordion panel, as a heading inside its <summary>,
 * so screen-reader users can jump between panels by heading (older and newer
 * panels alike). `below` puts it one level under a section heading.
 */
export function PanelTitle({ children, below }: { children: ReactNode; below: boolean }) {
  const heading = <Heading>{children}</Heading>
  return <summary className="titulo-panel">{below ? <Nested>{heading}</Nested> : heading}</summary>
}

/** Content of a panel: one level below its title. */
export function PanelBody({ children, below }: { children: ReactNode; below: boolean }) {
  return below ? (
    <Nested>
      <Nested>{children}</Nested>
    </Nested>
  ) : (
    <Nested>{children}</Nested>
  )
}
