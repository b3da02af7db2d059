import { openHydrated } from './hydration.ts'
import { expect, test, type Page } from '@playwright/test'

/**
 * Home page (carousel, boxes, latest news), header controls (date, font
 * size, grayscale, languages, menu), site search, norms search, the news
 * list and the accessibility page, in Chromium against the built site
 * served by the real server.
 */

const slides = (page: Page) => page.locator('.carrusel [aria-roledescription="diapositiva"]')
const activeSlideLabel = (page: Page) => page.locator('.carrusel [aria-roledescription="diapositiva"]:not([hidden])').getAttribute('aria-label')

/**
 * The page's clock, paused before the page loads: the carousel's rotation timer fires only when the test moves
 * time on with `page.clock.runFor` (exact intervals, and no real seconds spent waiting for it).
 */
async function pausedClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00-05:00') })
  await page.clock.pauseAt(new Date('2026-03-02T10:00:01-05:00'))
}

/**
 * Until the page has rendered what a fired timer or an event changed and run the effects that render scheduled.
 * Preact renders a state change in a microtask and runs effects in a task of its own (a MessageChannel message,
 * src/renderer/client/preactClient.ts), neither on the page's clock: two such tasks later both are done. Exact,
 * where a fixed 300 ms of real time per call only hoped so.
 */
async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++)
    await page.evaluate(
      () =>
        new Promise<void>(resolve => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => {
            channel.port1.close()
            resolve()
          }
          channel.port2.postMessage(null)
        }),
    )
}

/** Keeps the pointer away from the carousel (hovering it pauses the rotation). */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(2, 2)
}

test.describe('home carousel', () => {
  test('follows the WAI-ARIA carousel pattern with 7 image slides, 4 of them linked in a new tab', async ({ page }) => {
    await openHydrated(page, '/')
    const region = page.locator('.carrusel')
    await expect(region).toHaveAttribute('aria-roledescription', 'carrusel')
    await expect(region).toHaveAttribute('aria-label', /\S/)
    await expect(slides(page)).toHaveCount(7)
    for (let i = 0; i < 7; i++) await expect(slides(page).nth(i)).toHaveAttribute('aria-label', `${i + 1} de 7`)
    const linked = region.locator('.diapositiva a[href]')
    await expect(linked).toHaveCount(4)
    for (const a of await linked.all()) {
      await expect(a).toHaveAttribute('target', '_blank')
      await expect(a).toHaveAttribute('rel', /noopener/)
    }
    for (const img of await region.locator('img').all()) await expect(img).toHaveAttribute('alt', /\S{3,}/)
    await expect(page.getByRole('button', { name: 'Diapositiva anterior' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Diapositiva siguiente' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Pausar/ })).toBeVisible()
  })

  test('advances on its own after 3 seconds', async ({ page }) => {
    await pausedClock(page)
    await openHydrated(page, '/')
    await pointerAway(page)
    expect(await activeSlideLabel(page)).toBe('1 de 7')
    await page.clock.runFor(2_900)
    await settle(page)
    expect(await activeSlideLabel(page)).toBe('1 de 7')
    await page.clock.runFor(200)
    await expect.poll(() => activeSlideLabel(page)).toBe('2 de 7')
    // …and again 3 seconds after each advance.
    await page.clock.runFor(2_900)
    await settle(page)
    expect(await activeSlideLabel(page)).toBe('2 de 7')
    await page.clock.runFor(200)
    await expect.poll(() => activeSlideLabel(page)).toBe('3 de 7')
  })

  test('pauses while the pointer is over it and resumes when it leaves', async ({ page }) => {
    await pausedClock(page)
    await openHydrated(page, '/')
    await page.locator('.carrusel-diapositivas').hover()
    const label = await activeSlideLabel(page)
    await page.clock.runFor(4_000)
    await settle(page)
    expect(await activeSlideLabel(page)).toBe(label)
    await pointerAway(page)
    await settle(page)
    await page.clock.runFor(3_100)
    await expect.poll(() => activeSlideLabel(page)).not.toBe(label)
  })

  test('the pause button stops the rotation and the play button restarts it', async ({ page }) => {
    await pausedClock(page)
    await openHydrated(page, '/')
    await page.getByRole('button', { name: /^Pausar/ }).click()
    await pointerAway(page)
    const label = await activeSlideLabel(page)
    await expect(page.getByRole('button', { name: /^Reproducir/ })).toBeVisible()
    await expect(page.locator('.carrusel-diapositivas')).toHaveAttribute('aria-live', 'polite')
    await page.clock.runFor(4_000)
    await settle(page)
    expect(await activeSlideLabel(page)).toBe(label)
    // Arrows move without resuming (spec §4)
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).click()
    await pointerAway(page)
    const next = await activeSlideLabel(page)
    expect(next).not.toBe(label)
    await page.clock.runFor(3_600)
    await settle(page)
    expect(await activeSlideLabel(page)).toBe(next)
    await page.getByRole('button', { name: /^Reproducir/ }).click()
    await pointerAway(page)
    await settle(page)
    await page.clock.runFor(3_100)
    await expect.poll(() => activeSlideLabel(page)).not.toBe(next)
  })

  test('keyboard focus inside stops the rotation while it stays there', async ({ page }) => {
    await pausedClock(page)
    await openHydrated(page, '/')
    await pointerAway(page)
    await page.getByRole('button', { name: 'Diapositiva anterior' }).focus()
    await page.keyboard.press('Enter') // keyboard use: the arrow moves back without resuming anything
    const label = await activeSlideLabel(page)
    expect(label).toBe('7 de 7')
    await page.clock.runFor(4_000)
    await settle(page)
    expect(await activeSlideLabel(page)).toBe(label)
    await page.locator('h1').click() // focus leaves the carousel
    await pointerAway(page)
    await settle(page)
    await page.clock.runFor(3_100)
    await expect.poll(() => activeSlideLabel(page)).toBe('1 de 7')
  })

  test('indicators show a slide without pausing the rotation', async ({ page }) => {
    await pausedClock(page)
    await openHydrated(page, '/')
    await page.getByRole('button', { name: 'Mostrar diapositiva 5 de 7' }).click()
    await pointerAway(page)
    expect(await activeSlideLabel(page)).toBe('5 de 7')
    await expect(page.getByRole('button', { name: 'Mostrar diapositiva 5 de 7' })).toHaveAttribute('aria-current', 'true')
    await settle(page)
    await page.clock.runFor(3_100)
    await expect.poll(() => activeSlideLabel(page)).toBe('6 de 7')
  })

  test.describe('with prefers-reduced-motion', () => {
    test.use({ reducedMotion: 'reduce' })
    test('does not advance on its own', async ({ page }) => {
      await pausedClock(page)
      await openHydrated(page, '/')
      await pointerAway(page)
      await expect(page.getByRole('button', { name: /^Reproducir/ })).toBeVisible()
      await page.clock.runFor(4_000)
      await settle(page)
      expect(await activeSlideLabel(page)).toBe('1 de 7')
    })
  })
})

test.describe('home page blocks', () => {
  test('four boxes, latest news with dd and MM, intro video and the social block', async ({ page }) => {
    await openHydrated(page, '/')
    const boxes = page.locator('.seccion-mosaicos .mosaico')
    await expect(boxes).toHaveCount(4)
    await expect(boxes.nth(0)).toHaveAttribute('href', '/induccion')
    await expect(boxes.nth(1)).toHaveAttribute('href', /^https:\/\//)
    await expect(boxes.nth(2)).toHaveAttribute('href', '/citas')
    await expect(boxes.nth(2)).toContainText('Solicite su cita en línea. ¡Evite aglomeraciones!')
    await expect(boxes.nth(3)).toHaveAttribute('href', /^https:\/\//)
    await expect(boxes.nth(3)).toHaveAttribute('target', '_blank')

    const news = page.locator('.noticias-ultimas .noticia-breve')
    await expect(news).toHaveCount(3)
    // Newest first: the 12 November 2026 item.
    await expect(news.first().locator('.dia')).toHaveText('12')
    await expect(news.first().locator('.mes')).toHaveText('11')
    await expect(news.first().locator('time')).toHaveAttribute('datetime', '2026-11-12')
    await expect(news.first().getByRole('link')).toHaveAttribute('href', '/notices/all#jornada-vacunacion-influenza')
    await expect(page.getByRole('link', { name: 'Ver todas las noticias' })).toHaveAttribute('href', '/notices/all')

    await expect(page.getByRole('button', { name: /Cargar video/ })).toBeVisible()
    await expect(page.getByRole('button', { name: /Cargar contenido/ })).toBeVisible()
    await expect(page.locator('iframe')).toHaveCount(0) // third parties only on request
    await expect(page.getByRole('link', { name: /Videos institucionales/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /Resultados de laboratorio en línea/ })).toHaveAttribute('href', /^https:\/\//)
  })

  test('the home page does not download the search index or fuse.js', async ({ page }) => {
    const requested: string[] = []
    page.on('request', r => requested.push(r.url()))
    await openHydrated(page, '/')
    await page.waitForLoadState('networkidle')
    expect(requested.filter(u => u.includes('search-index.json'))).toEqual([])
  })
})

test.describe('header controls', () => {
  test('shows today’s date in Spanish long form, computed in the browser', async ({ page, request }) => {
    const raw = await (await request.get('/')).text()
    expect(raw).toMatch(/<span class="fecha-actual"><\/span>/) // nothing pre-rendered
    await openHydrated(page, '/')
    const format = (d: Date) => {
      const s = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(d)
      return s.charAt(0).toUpperCase() + s.slice(1)
    }
    const before = format(new Date())
    const shown = await page.locator('.fecha-actual time').innerText()
    expect([before, format(new Date())]).toContain(shown)
    expect(shown).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}$/)
  })

  test('A+ and grayscale survive navigation, full reloads and work on /accesibilidad', async ({ page }) => {
    await openHydrated(page, '/')
    const html = page.locator('html')
    const rootFontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)
    const normal = await rootFontSize()

    await page.getByRole('button', { name: /^A\+/ }).click()
    await expect(html).toHaveClass(/\bfuente-grande\b/)
    expect(parseFloat(await rootFontSize())).toBeGreaterThan(parseFloat(normal))
    await page.getByRole('button', { name: 'Escala de grises', exact: true }).click()
    await expect(html).toHaveClass(/\bescala-gris\b/)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toContain('grayscale')

    // Client-side navigation
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Hospital' }).click()
    await expect(page).toHaveURL(/\/hospital\/hospital$/)
    await expect(html).toHaveClass(/\bfuente-grande\b/)
    await expect(html).toHaveClass(/\bescala-gris\b/)

    // Full page load: applied before the first paint by /preferencias.js
    await page.goto('/atencion/contacto')
    await expect(html).toHaveClass(/\bfuente-grande\b/)
    await expect(html).toHaveClass(/\bescala-gris\b/)
    await expect(page.locator('.fecha-actual time')).toBeVisible()
    await expect(page.getByRole('button', { name: /^A\+/ })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('button', { name: 'Escala de grises', exact: true })).toHaveAttribute('aria-pressed', 'true')

    // The accessibility page shares the same state
    await openHydrated(page, '/accesibilidad')
    await expect(page.getByRole('status').filter({ hasText: 'Tamaño de letra' })).toHaveText(
      'Tamaño de letra: aumentado. Escala de grises: activada. Alto contraste: desactivado.',
    )
    await page.getByRole('button', { name: 'Restablecer letra' }).click()
    await expect(html).not.toHaveClass(/fuente-/)
    expect(await rootFontSize()).toBe(normal)
    await page.getByRole('button', { name: 'Desactivar escala de grises' }).click()
    await expect(html).not.toHaveClass(/escala-gris/)
    await page.getByRole('button', { name: 'Disminuir letra' }).click()
    await expect(html).toHaveClass(/\bfuente-pequena\b/)
    expect(parseFloat(await rootFontSize())).toBeLessThan(parseFloat(normal))
    await page.getByRole('button', { name: 'Activar escala de grises', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Escala de grises', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await page.reload()
    await expect(html).toHaveClass(/\bfuente-pequena\b/)
    await expect(html).toHaveClass(/\bescala-gris\b/)
    await expect(page.getByRole('button', { name: /^A-/ })).toHaveAttribute('aria-pressed', 'true')
    // A returns to normal
    await page.getByRole('button', { name: /^A,/ }).click()
    await expect(html).not.toHaveClass(/fuente-/)
  })

  test('high contrast is a remembered choice beside grayscale, in the header and on /accesibilidad', async ({ page }) => {
    await page.goto('/hospital/junta')
    const html = page.locator('html')
    const toggle = page.getByRole('button', { name: 'Alto contraste', exact: true })
    await toggle.click()
    await expect(html).toHaveClass(/\balto-contraste\b/)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const colours = () =>
      page.evaluate(() => ({ body: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.querySelector('main p')!).color }))
    expect(await colours()).toEqual({ body: 'rgb(0, 0, 0)', text: 'rgb(255, 255, 255)' })
    // remembered across full page loads, applied before the first paint
    await page.goto('/atencion/contacto')
    await expect(html).toHaveClass(/\balto-contraste\b/)
    await openHydrated(page, '/accesibilidad')
    await expect(page.getByRole('status').filter({ hasText: 'Alto contraste' })).toContainText('Alto contraste: activado.')
    await page.getByRole('button', { name: 'Desactivar alto contraste' }).click()
    await expect(html).not.toHaveClass(/alto-contraste/)
    await page.reload()
    await expect(html).not.toHaveClass(/alto-contraste/)
  })

  test('language links open a translation of the current page in a new tab', async ({ page }) => {
    await openHydrated(page, '/hospital/historia')
    await page.locator('.idiomas > summary').click()
    // Spanish first (the page itself), English next, each named in its own language (docs/decisions/search.md).
    await expect(page.locator('.idiomas a')).toHaveText(['Español', /^English/, /^Français/, /^Português/, /^Nederlands/])
    await expect(page.locator('.idiomas a').first()).toHaveAttribute('lang', 'es')
    await expect(page.locator('.idiomas a').first()).toHaveAttribute('href', '/hospital/historia')
    const links = page.locator('.idiomas a[data-idioma]')
    await expect(links).toHaveCount(4)
    const codes: string[] = []
    for (const a of await links.all()) {
      await expect(a).toBeVisible()
      await expect(a).toHaveAttribute('target', '_blank')
      const url = new URL((await a.getAttribute('href'))!)
      expect(url.origin + url.pathname).toBe('https://translate.google.com/translate')
      expect(url.searchParams.get('sl')).toBe('es')
      codes.push(url.searchParams.get('tl')!)
      expect(new URL(url.searchParams.get('u')!).pathname).toBe('/hospital/historia')
    }
    expect(codes).toEqual(['en', 'fr', 'pt', 'nl'])
  })

  test('a language link translates the address the visitor is on, query included (search results)', async ({ page }) => {
    // The pre-rendered links name the page's route; the header script puts in the address actually shown.
    await openHydrated(page, '/buscar?q=urgencias')
    await page.locator('.idiomas > summary').click()
    const link = page.locator('.idiomas a[data-idioma="en"]')
    await expect(link).toHaveAttribute('href', /^https:\/\/translate\.google\.com\//)
    const translated = new URL(new URL((await link.getAttribute('href'))!).searchParams.get('u')!)
    expect(translated.pathname + translated.search).toBe('/buscar?q=urgencias')
  })

  test('the relay-centre link and the header search box', async ({ page }) => {
    await openHydrated(page, '/')
    await expect(page.locator('.herramientas').getByRole('link', { name: /Centro de Relevo/ })).toHaveAttribute('href', /^https:\/\//)
    await page.getByRole('searchbox', { name: 'Buscar en el sitio' }).first().fill('urgencias')
    await page.getByRole('searchbox', { name: 'Buscar en el sitio' }).first().press('Enter')
    await expect(page).toHaveURL(/\/buscar\?q=urgencias$/)
    await expect(page.getByRole('heading', { name: 'Busqueda: urgencias' })).toBeVisible()
  })

  test('on a small screen the menu is collapsed and opens with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await openHydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Menú principal' })
    const firstLink = nav.getByRole('link', { name: 'Transparencia' })
    await expect(firstLink).toBeHidden()
    await nav.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(firstLink).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name: 'Inicio' })).toBeFocused()
    await nav.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(firstLink).toBeHidden()
  })
})

test.describe('search', () => {
  // Departure from the spec (docs/decisions/search.md): results on this site open in the same window; only other sites open a new one.
  test('«resolucion» finds documents titled «Resolución»; internal results open in the same window', async ({ page }) => {
    await openHydrated(page, '/buscar?q=resolucion')
    await expect(page.getByRole('heading', { name: 'Busqueda: resolucion', exact: true })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /Se encontr/ })).toBeVisible()
    const results = page.locator('.resultados-busqueda > li')
    expect(await results.count()).toBeGreaterThan(0)
    const links = page.locator('.resultado-busqueda h3 a')
    expect(await links.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/Resolución/)]))
    for (const a of await links.all()) {
      const href = (await a.getAttribute('href')) ?? ''
      if (/^https?:/.test(href)) await expect(a).toHaveAttribute('target', '_blank')
      else expect(await a.getAttribute('target')).toBeNull()
    }
    // Each result shows route, title, date/abstract, category and type (ti_doc)
    const first = page.locator('.resultado-busqueda').first()
    await expect(first.locator('.ruta-resultado')).toHaveText(/\S/)
    await expect(first.locator('dt', { hasText: 'Categoría' })).toBeVisible()
    await expect(first.locator('dt', { hasText: 'Tipo' })).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Buscar en el sitio' }).last()).toHaveValue('resolucion')
  })

  test('a query with accents finds the same words without them', async ({ page }) => {
    await openHydrated(page, '/buscar?q=Vacunaci%C3%B3n')
    await expect(page.getByRole('heading', { name: 'Busqueda: Vacunación' })).toBeVisible()
    await expect(page.locator('.resultado-busqueda').first()).toBeVisible()
  })

  test('says so when nothing matches or nothing was asked', async ({ page }) => {
    await openHydrated(page, '/buscar?q=qqxxzzww')
    await expect(page.getByRole('status').filter({ hasText: 'No se encontraron resultados para «qqxxzzww»' })).toBeVisible()
    await openHydrated(page, '/buscar')
    await expect(page.getByRole('status').filter({ hasText: 'Escriba al menos dos letras' })).toBeVisible()
  })

  test('the norms search box goes to /buscar?q=', async ({ page }) => {
    await openHydrated(page, '/normatividad/busqueda-normas')
    const form = page.getByRole('search', { name: 'Búsqueda de normas' })
    await form.getByRole('searchbox', { name: 'Texto a buscar' }).fill('resolución')
    await form.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/\/buscar\?q=resoluci%C3%B3n$/)
    await expect(page.getByRole('heading', { name: 'Busqueda: resolución' })).toBeVisible()
    await expect(page.locator('.resultado-busqueda').first()).toBeVisible()
  })
})

test.describe('news', () => {
  test('/notices/all lists every item with MM/yyyy and sanitized HTML', async ({ page }) => {
    page.on('dialog', d => {
      throw new Error(`a script from the news HTML ran: ${d.message()}`)
    })
    await openHydrated(page, '/notices/all')
    const items = page.locator('.noticias-todas > article')
    await expect(items).toHaveCount(7)
    for (const item of await items.all()) {
      await expect(item.locator('.fecha-publicacion time')).toHaveText(/^(0[1-9]|1[0-2])\/2026$/)
      await expect(item.locator('h2')).toHaveText(/\S/)
      await expect(item.locator('.dependencia-noticia')).toHaveText(/\S/)
    }
    const first = page.locator('#jornada-vacunacion-influenza')
    await expect(first.locator('time')).toHaveText('11/2026')
    await expect(first.locator('.encabezado-noticia')).toHaveText('Salud pública')
    const list = page.locator('.noticias-todas')
    await expect(list.locator('script, iframe, img, [onclick], [onmouseover], [onerror], [style]')).toHaveCount(0)
    await expect(list.locator('a[href^="javascript:"]')).toHaveCount(0)
    await expect(list.locator('strong').first()).toBeVisible() // formatting survives
    const html = await list.innerHTML()
    expect(html).not.toMatch(/alert\(/)
  })
})
