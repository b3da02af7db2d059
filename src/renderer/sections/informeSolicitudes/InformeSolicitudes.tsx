import { REPORT_PLACEHOLDER_TEXT, REPORT_SECTION_ID } from '../../../manifest/requestReportSection.ts'

/**
 * The published report of requests: a placeholder the server replaces, when
 * it serves the page, with the period selector and the figures computed from
 * its store (src/server/features/report/index.ts). Pre-rendering cannot know
 * the figures, and the page must work without JavaScript.
 */
export function InformeSolicitudes() {
  return (
    <div id={REPORT_SECTION_ID} className={REPORT_SECTION_ID}>
      <p>{REPORT_PLACEHOLDER_TEXT}</p>
    </div>
  )
}
