/*
 * «Imprimir» buttons of the pages the server writes (the office's constancia, the citizen's no-script
 * receipt): a button with data-imprimir starts hidden, since only a script can print, and this file shows it
 * and prints on a click. An external file because the Content-Security-Policy forbids inline scripts. Without
 * script the page's text points to the browser's own «Imprimir» and to the PDF.
 */
;(function () {
  var buttons = document.querySelectorAll('button[data-imprimir]')
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].hidden = false
    buttons[i].addEventListener('click', function () {
      window.print()
    })
  }
})()
