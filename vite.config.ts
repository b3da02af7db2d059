import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { Plugin, UserConfig } from 'vite'
import { vikeNodeModules } from './src/build/nodeModules.ts'
import { readBuildPlan } from './src/manifest/buildPlan.ts'
import { announcesConfigLoaded, SHARE_CONFIG_LOADED } from './src/renderer/prerenderShard.ts'

/**
 * The browser build runs the React components on Preact (`preact/compat`):
 * the same components, about a sixth of React DOM's weight. Only the client
 * environment of a production build is aliased: pre-rendering and the server
 * keep React's own server renderer, and `npm run dev` keeps React (with Fast
 * Refresh) in the browser. See docs/decisions.md, "Issue 16: client runtime".
 */
const PREACT_IN_BROWSER: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  // preact/compat/client with React's effect timing (see the module).
  'react-dom/client': fileURLToPath(new URL('./src/renderer/client/preactClient.ts', import.meta.url)),
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}
function preactInBrowser(): Plugin {
  return {
    name: 'preact-in-browser',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: environment => environment.name === 'client',
    async resolveId(source, importer, options) {
      const target = PREACT_IN_BROWSER[source]
      if (!target) return null
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}

/**
 * Server Routing without the Client Routing runtime in the browser (issue 27 #6). vike-react's client hooks import
 * `providePageContext` from `vike/getPageContext`, whose browser entry is the Client Routing runtime's: it loads the
 * whole client router, ~28 kB, whose first line asserts Client Routing, so every page logged «You shouldn't import
 * { something } from 'vike/client/router' when using Server Routing» (vikejs/vike#3471, not fixed in vike 0.4.266).
 * The browser build gets the two functions from the module both runtimes share (the same module instance the
 * Server Routing entry uses). Production build only: `npm run dev` pre-bundles vike-react, out of a plugin's reach.
 */
const PAGE_CONTEXT_SERVER_ROUTING = '\0vike-get-page-context-server-routing'
// Where Node finds Vike: this project's node_modules, or the one above a checkout that has none (src/build/nodeModules.ts).
const VIKE_SHARED_HOOKS = path.join(
  vikeNodeModules(fileURLToPath(new URL('.', import.meta.url))),
  'vike',
  'dist',
  'shared-server-client',
  'hooks',
  'execHook.js',
)
function pageContextWithoutClientRouter(): Plugin {
  return {
    name: 'page-context-without-client-router',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: environment => environment.name === 'client',
    resolveId: source => (source === 'vike/getPageContext' ? PAGE_CONTEXT_SERVER_ROUTING : null),
    load(id) {
      if (id !== PAGE_CONTEXT_SERVER_ROUTING) return null
      if (!fs.existsSync(VIKE_SHARED_HOOKS))
        throw new Error(`vike changed its files: ${VIKE_SHARED_HOOKS} is missing (see pageContextWithoutClientRouter in vite.config.ts)`)
      return `export { providePageContext, getPageContext_sync as getPageContext } from ${JSON.stringify(VIKE_SHARED_HOOKS)}\n`
    },
  }
}

/**
 * Under `npm run build` (the build plan's `publicLinked`, src/manifest/buildPlan.ts), the build clears the output and links public/ into it itself
 * (src/build/publicSync.ts): emptying it and copying 10,000 PDFs one by one was most of a full build's time,
 * and a copy over a linked file would write into the file every published release shares. Vike sets the client's
 * `copyPublicDir` to true in its own `config` hook, hence a hook that runs after it. A bare `npx vike build`
 * keeps the bundler's defaults.
 */
const PUBLIC_LINKED = readBuildPlan().publicLinked === true

const SECTION_STYLES = /\/src\/renderer\/sections\/[^/]+\/styles\.css$/
function publicLinkedByBuild(): Plugin {
  return {
    name: 'public-linked-by-build',
    apply: () => PUBLIC_LINKED,
    enforce: 'post',
    config: () => ({ environments: { client: { build: { copyPublicDir: false } } } }),
  }
}

/**
 * Vike's pre-render finds the server bundle through a pointer file inside node_modules
 * (@brillout/vite-plugin-server-entry's autoImporter.js) that every `vike build` rewrote: one file shared by every
 * build of the installation, whatever its output folder. Without it, the pre-render looks for the bundle in the
 * output folder of its own configuration (BUILD_OUT_DIR), so builds into different folders never meet.
 */
function noServerEntryPointer(): Plugin {
  return {
    name: 'no-server-entry-pointer',
    config: () => ({ vitePluginServerEntry: { disableAutoImport: true } }) as UserConfig,
  }
}

/**
 * Says, once per process started by the build, that Vike's configuration is loaded: every plugin's `config` hook has
 * run by `configResolved`, Vike's among them, which loads it (and its temporary files are gone). The build then lets
 * another build's Vike process load its own (src/build/vikeConfigLock.ts).
 */
function configLoadedLine(): Plugin {
  let said = false
  return {
    name: 'config-loaded-line',
    configResolved() {
      if (said || !announcesConfigLoaded()) return
      said = true
      console.log(SHARE_CONFIG_LOADED)
    },
  }
}

export default {
  // Tests and the staff workflow build from a copy of the content with MANIFEST_DIR / PUBLIC_DIR.
  publicDir: process.env.PUBLIC_DIR ?? 'public',
  plugins: [noServerEntryPointer(), preactInBrowser(), pageContextWithoutClientRouter(), react(), vike(), publicLinkedByBuild(), configLoadedLine()],
  // Hashed build output lives apart from public/assets, which belongs to records staff.
  build: {
    target: 'es2022',
    assetsDir: '_app',
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    ...(PUBLIC_LINKED ? { emptyOutDir: false } : {}),
    // Every section's styles.css (gathered by src/renderer/styles/sectionStyles.ts) in one sheet: one request after the
    // global sheets rather than one per section (Vike otherwise gives each CSS module a file of its own; a function
    // set here is asked first and Vike's naming applies to the rest).
    rolldownOptions: { output: { manualChunks: (id: string) => (SECTION_STYLES.test(id) ? 'section-styles' : undefined) } },
  },
  // public/ (every published PDF) is copied into dist/client only: Vite's default copied it into the server
  // bundle's folder too, which nothing reads (4.7 s of a 1,000-page build with 10,000 PDFs, and every publishing copy).
  environments: { ssr: { build: { copyPublicDir: false } } },
} satisfies UserConfig
