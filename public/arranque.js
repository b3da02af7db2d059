/*
 * Starts a page's scripts after its first paint (issue 16, Lighthouse).
 * Every page is complete without JavaScript (forms post natively until
 * hydrated), so nothing the visitor first sees waits for the scripts. The
 * build (src/build/scriptPriority.ts) replaces the module script and
 * module preloads Vike writes into each page with this file, giving it their
 * addresses: data-entrada (the module script) and data-precargas (the
 * preloads, fetched in parallel as before). An external file because the
 * Content-Security-Policy forbids inline scripts; `defer`, so it runs once the
 * page is parsed.
 */
;(function () {
  var me = document.currentScript
  if (!me) return
  var entry = me.getAttribute('data-entrada')
  var preloads = (me.getAttribute('data-precargas') || '').split(' ')
  var started = false
  function start() {
    if (started) return
    started = true
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = preloads[i]
      document.head.appendChild(link)
    }
    var script = document.createElement('script')
    script.type = 'module'
    script.src = entry
    document.body.appendChild(script)
  }
  // After the first contentful paint, in a task of its own. Not a timer or an animation frame: a page whose timers
  // are paused or throttled (a background tab, the end-to-end tests' controlled clock) must still start.
  function afterPaint() {
    var channel = new MessageChannel()
    channel.port1.onmessage = start
    channel.port2.postMessage(null)
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []
  // A tab opened in the background paints nothing until shown: nothing to wait for there.
  if (types.indexOf('paint') === -1 || document.visibilityState === 'hidden') return start()
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    afterPaint()
  }).observe({ type: 'paint', buffered: true })
})()
