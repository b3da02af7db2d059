import { defineSection } from '../module.ts'
import { InformeSolicitudes } from './InformeSolicitudes.tsx'

export default defineSection({
  tipo: 'informeSolicitudes',
  Component: InformeSolicitudes,
  // A GET form and a table the server fills in: nothing runs in the browser.
  interactive: false,
})
