/** Where the print script lives (public/imprimir.js): an external file, as the Content-Security-Policy requires. */
export const PRINT_SCRIPT = '/imprimir.js'

/**
 * «Imprimir» on a page the server writes: hidden until public/imprimir.js shows it (only a script can print), so a
 * browser without script never shows a button that does nothing; the page's text names the browser's «Imprimir».
 */
export function PrintButton({ label = 'Imprimir' }: { label?: string }) {
  return (
    <>
      <button type="button" className="secondary imprimir" data-imprimir="" hidden>
        {label}
      </button>
      <script src={PRINT_SCRIPT} defer />
    </>
  )
}
