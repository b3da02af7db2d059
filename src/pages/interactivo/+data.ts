export { data } from '../contenido/+data.ts'
