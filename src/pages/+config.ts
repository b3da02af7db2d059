import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import { readBuildPlan } from '../manifest/buildPlan.ts'

export default {
  extends: [vikeReact],
  prerender: {
    // dist/server stays: a content-only rebuild (scripts/build.ts) pre-renders again from it without bundling.
    keepDistServer: true,
    // The build of a large site pre-renders after bundling, in several processes (src/build/buildSite.ts).
    disableAutoRun: readBuildPlan().prerenderAfterBuild === true,
  },
  // Every page is a full page load (server routing): no client router to download and start on hydrated pages
  // (Lighthouse), and the header, menus and footer are never re-rendered in the browser
  // (src/renderer/layout/KeptInBrowser.tsx). Plain-HTML pages, most of the site, always loaded this way.
  clientRouting: false,
  lang: 'es',
  htmlAttributes: { 'data-theme': 'light' },
  // The page data goes to the browser; nothing else of pageContext does.
  passToClient: [],
} satisfies Config
