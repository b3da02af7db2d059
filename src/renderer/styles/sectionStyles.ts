// Every section type's own styles (src/renderer/sections/<tipo>/styles.css), gathered by Vite from the folders:
// adding a section with styles edits no list. A module of its own, imported by +Layout.tsx after the global sheets,
// so the cascade order stays Pico, site, forms, header controls, then the sections (Vite turns an eager glob into
// imports at the top of the module that holds it).
import.meta.glob('../sections/*/styles.css', { eager: true })
