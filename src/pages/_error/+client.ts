import { activatePlainPage } from '../../renderer/client/plainPage.ts'

// Client entry of the error page, a plain-HTML page like ../contenido (see +config.ts).
activatePlainPage()
