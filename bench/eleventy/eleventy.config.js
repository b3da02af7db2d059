/**
 * Eleventy's side of `npm run bench` (bench/eleventy.ts): the synthetic site's pages, from the JSON that
 * the project's `loadManifest()` returns for it (ESE_BENCH_DATOS), as plain HTML with the same parts as the
 * project's pages (header, breadcrumb, side menu, document lists in yearly accordions, footer), and public/
 * (ESE_BENCH_PUBLICO) copied as Eleventy copies it (passthrough copy).
 */
import fs from 'node:fs'

export default function (eleventyConfig) {
  const data = JSON.parse(fs.readFileSync(process.env.ESE_BENCH_DATOS, 'utf8'))
  eleventyConfig.addGlobalData('sitio', data)
  eleventyConfig.addPassthroughCopy({ [process.env.ESE_BENCH_PUBLICO]: '/' })
  return { dir: { input: 'plantillas', output: process.env.ESE_BENCH_SALIDA } }
}
