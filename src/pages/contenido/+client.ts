import { activatePlainPage } from '../../renderer/client/plainPage.ts'

// Client entry of the plain-HTML pages (see +config.ts).
activatePlainPage()
