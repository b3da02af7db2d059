export { Page } from '../contenido/+Page.tsx'
