/**
 * The browser side of the editor's field errors (docs/decisions/staff-tooling.md, «Errors at the field»): a
 * problem the page server names a field for (`ruta`, editorProblems.ts) is written next to that field, the
 * field is marked `aria-invalid` and described by the message (`aria-describedby`), a folded row holding it is
 * unfolded, and the first such field takes the focus, as GOV.UK's error pattern does. Decap's own checks (a
 * required field left empty, a date not shaped AAAA-MM-DD) show their message at the field without either
 * attribute: they get the same association and focus. Plain browser script, served in `avisos.js` before the
 * CMS bundle; it reads Decap's form through what Decap renders for every field: a `<label for="<key>-field-<n>">`
 * and, for a list, its items inside the list's element (tests/e2e/editor-field-errors.spec.ts holds it to that).
 */
export const FIELD_ERRORS_SCRIPT = `'use strict'
;(function () {
  var FIELD = /^(.+)-field-\\d+$/
  var marked = []
  var decapMarked = {}

  // The nested field containers (list or object) between an element and the scope: fewer means closer to it.
  function depth(el, scope) {
    var n = 0
    for (var e = el.parentElement; e && e !== scope; e = e.parentElement) if (e.tagName === 'DIV' && e.id && FIELD.test(e.id)) n++
    return n
  }
  function labelIn(scope, key) {
    var best, bestDepth = Infinity
    var labels = scope.querySelectorAll('label[for]')
    for (var i = 0; i < labels.length; i++) {
      var m = FIELD.exec(labels[i].htmlFor)
      if (!m || m[1] !== key) continue
      var d = depth(labels[i], scope)
      if (d < bestDepth) { best = labels[i]; bestDepth = d }
    }
    return best
  }
  // The label of the field at a path of keys and row indexes, and the list items (rows) that hold it.
  function locate(ruta) {
    var scope = document.body, label, items = []
    for (var i = 0; i < ruta.length; i++) {
      var step = ruta[i]
      var box = label && document.getElementById(label.htmlFor)
      if (typeof step === 'number') {
        var item = box && box.children[1] && box.children[1].children[step]
        if (!item) break
        items.push(item)
        scope = item
      } else {
        // A key right after a key: inside the previous field's own box (an object's fields); after a row: in the row.
        if (typeof ruta[i - 1] === 'string' && box && box.tagName === 'DIV') scope = box
        var found = labelIn(scope, String(step))
        if (!found) break
        label = found
      }
    }
    return label ? { label: label, items: items } : undefined
  }
  function controlOf(label) {
    var own = document.getElementById(label.htmlFor)
    if (own && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(own.tagName)) return own
    var box = label.parentElement && label.parentElement.parentElement
    return (box && box.querySelector('input:not([type=hidden]), textarea, select, button')) || own
  }
  function describe(control, id) {
    var ids = (control.getAttribute('aria-describedby') || '').split(' ').filter(Boolean)
    if (ids.indexOf(id) < 0) ids.push(id)
    control.setAttribute('aria-describedby', ids.join(' '))
    control.setAttribute('aria-invalid', 'true')
  }
  function undescribe(control, id) {
    var ids = (control.getAttribute('aria-describedby') || '').split(' ').filter(function (x) { return x && x !== id })
    if (ids.length) control.setAttribute('aria-describedby', ids.join(' '))
    else control.removeAttribute('aria-describedby')
    control.removeAttribute('aria-invalid')
  }
  function unfold(item) {
    var body = item.lastElementChild
    if (body && getComputedStyle(body).display === 'none') {
      var toggle = item.firstElementChild && item.firstElementChild.querySelector('button')
      if (toggle) toggle.click()
    }
  }
  function clear() {
    marked.forEach(function (m) { undescribe(m.control, m.message.id); m.message.remove() })
    marked = []
  }
  function clearOne(control) {
    marked = marked.filter(function (m) {
      if (m.control !== control) return true
      undescribe(m.control, m.message.id)
      m.message.remove()
      return false
    })
  }
  // The page server's problems: each one with a field is written under that field's label.
  function show(problems) {
    clear()
    var first
    problems.forEach(function (p) {
      var at = p.ruta && p.ruta.length ? locate(p.ruta) : undefined
      if (!at) return
      at.items.forEach(unfold)
      var control = controlOf(at.label)
      var row = at.label.parentElement
      if (!control || !row) return
      var message = document.createElement('p')
      message.id = 'error-' + at.label.htmlFor
      message.className = 'error-campo'
      message.style.cssText = 'color:#b00020;font-weight:600;font-size:15px;margin:4px 0 6px'
      message.textContent = 'Error: ' + p.mensaje
      var same = document.getElementById(message.id)
      if (same) { same.textContent += ' ' + p.mensaje; return }
      row.insertAdjacentElement('afterend', message)
      describe(control, message.id)
      marked.push({ control: control, message: message })
      if (!first) first = control
    })
    // After the unfolded rows are drawn: the first field with an error takes the focus.
    if (first) setTimeout(function () { first.focus(); first.scrollIntoView({ block: 'center' }) }, 100)
    return marked.length
  }
  // Decap's own messages (a list right after the label): the same association, and the focus on the first new one.
  function syncDecap() {
    var now = {}
    var labels = document.querySelectorAll('label[for]')
    for (var i = 0; i < labels.length; i++) {
      var label = labels[i]
      var list = label.nextElementSibling
      if (!FIELD.test(label.htmlFor) || !list || list.tagName !== 'UL') continue
      var control = controlOf(label)
      if (!control) continue
      list.id = 'error-decap-' + label.htmlFor
      now[label.htmlFor] = control
      if (!decapMarked[label.htmlFor]) describe(control, list.id)
    }
    Object.keys(decapMarked).forEach(function (id) { if (!now[id]) undescribe(decapMarked[id], 'error-decap-' + id) })
    decapMarked = now
  }
  // Decap checks a field as it is typed and refuses «Publicar ahora» while one is wrong: the focus then goes to the
  // first one, after the menu has given it back to its button.
  function attempted(e) {
    if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return
    var item = e.target && e.target.closest && e.target.closest('[role=menuitem]')
    if (!item || item.textContent.trim() !== 'Publicar ahora') return
    setTimeout(function () {
      var first = document.querySelector('[aria-invalid=true]')
      if (first && !marked.length) first.focus()
    }, 150)
  }
  document.addEventListener('click', attempted, true)
  document.addEventListener('keydown', attempted, true)
  var pending = false
  new MutationObserver(function () {
    if (pending) return
    pending = true
    requestAnimationFrame(function () { pending = false; syncDecap() })
  }).observe(document.documentElement, { childList: true, subtree: true })
  function edited(e) {
    var t = e.target
    if (t && t.getAttribute && t.getAttribute('aria-invalid') === 'true') clearOne(t)
  }
  document.addEventListener('input', edited, true)
  document.addEventListener('change', edited, true)
  window.editorErroresCampo = { show: show, clear: clear }
})()
`
