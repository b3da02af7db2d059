/**
 * The placeholder the pre-rendered «informeSolicitudes» section leaves for
 * the server, which fills it with the period selector and the live figures
 * (docs/decisions/documents-and-placeholders.md). One fact shared by the renderer and the server, which
 * do not import each other.
 */
export const REPORT_SECTION_ID = 'informe-solicitudes'

/** Shown only where no server fills the section (the staff's live preview). */
export const REPORT_PLACEHOLDER_TEXT = 'Las cifras del informe las calcula el servidor del sitio al abrir esta página.'

/** The placeholder exactly as React renders it. */
export const REPORT_MARKER = `<div id="${REPORT_SECTION_ID}" class="${REPORT_SECTION_ID}"><p>${REPORT_PLACEHOLDER_TEXT}</p></div>`
