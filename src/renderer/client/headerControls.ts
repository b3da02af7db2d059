import { longDate, localIsoDate } from '../header/dates.ts'
import { translationUrl } from '../header/translation.ts'
import {
  applyDisplayPreferences,
  setFontSize,
  setGrayscale,
  setHighContrast,
  currentDisplayPreferences,
  subscribe,
  type FontSize,
} from './displayPreferences.ts'

/**
 * Behaviour of the header's pre-rendered controls: today's date, font size,
 * grayscale, high contrast and the language links. Framework-free, so the same code serves
 * pages hydrated by React and pages sent as plain HTML.
 */
export function activateHeaderControls(): () => void {
  applyDisplayPreferences()
  const fontButtons = [...document.querySelectorAll<HTMLButtonElement>('.herramientas [data-fuente]')]
  const grayscaleButton = document.querySelector<HTMLButtonElement>('.herramientas [data-gris]')
  const contrastButton = document.querySelector<HTMLButtonElement>('.herramientas [data-contraste]')
  const reflect = () => {
    const p = currentDisplayPreferences()
    for (const b of fontButtons) b.setAttribute('aria-pressed', String(b.dataset.fuente === p.fuente))
    grayscaleButton?.setAttribute('aria-pressed', String(p.gris))
    contrastButton?.setAttribute('aria-pressed', String(p.contraste))
  }
  const onFontButton = (e: Event) => setFontSize((e.currentTarget as HTMLButtonElement).dataset.fuente as FontSize)
  const onGrayscaleButton = () => setGrayscale(!currentDisplayPreferences().gris)
  const onContrastButton = () => setHighContrast(!currentDisplayPreferences().contraste)
  for (const b of fontButtons) b.addEventListener('click', onFontButton)
  grayscaleButton?.addEventListener('click', onGrayscaleButton)
  contrastButton?.addEventListener('click', onContrastButton)
  const unsubscribe = subscribe(reflect)
  reflect()

  // A pre-rendered date would be wrong tomorrow; a tab left open overnight shows the new day when the visitor comes back.
  const showToday = () => {
    const today = new Date()
    const time = document.createElement('time')
    time.dateTime = localIsoDate(today)
    time.textContent = longDate(today)
    document.querySelector('.herramientas .fecha-actual')?.replaceChildren(time)
  }
  const onReturn = () => document.visibilityState === 'visible' && showToday()
  showToday()
  document.addEventListener('visibilitychange', onReturn)

  // The pre-rendered links name the page's route; a translation is of the address shown, query included (search
  // results). The menu sits in the GOV.CO bar, not in the tools row (a selector there found nothing until 2026-11-26).
  const languageMenu = document.querySelector<HTMLElement>('.barra-superior .idiomas')
  if (languageMenu) {
    const current = (languageMenu.dataset.base || window.location.origin) + window.location.pathname + window.location.search
    for (const a of languageMenu.querySelectorAll<HTMLAnchorElement>('a[data-idioma]')) a.href = translationUrl(a.dataset.idioma!, current)
  }

  return () => {
    for (const b of fontButtons) b.removeEventListener('click', onFontButton)
    grayscaleButton?.removeEventListener('click', onGrayscaleButton)
    contrastButton?.removeEventListener('click', onContrastButton)
    document.removeEventListener('visibilitychange', onReturn)
    unsubscribe()
  }
}
