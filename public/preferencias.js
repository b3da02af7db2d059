/*
 * Applies the visitor's font size, grayscale and high contrast before the first paint.
 * An external file because the Content-Security-Policy forbids inline
 * scripts; loaded by src/pages/+Head.tsx. Keys and classes must match
 * src/renderer/client/displayPreferences.ts. The "con-js" class lets the CSS
 * show script-only controls (carousel buttons) only when scripts run.
 */
;(function () {
  var html = document.documentElement
  html.classList.add('con-js')
  try {
    var fuente = window.localStorage.getItem('ese-fuente')
    if (fuente === 'grande' || fuente === 'pequena') html.classList.add('fuente-' + fuente)
    if (window.localStorage.getItem('ese-gris') === '1') html.classList.add('escala-gris')
    if (window.localStorage.getItem('ese-contraste') === '1') html.classList.add('alto-contraste')
  } catch (e) {
    /* storage disabled: defaults apply */
  }
})()
