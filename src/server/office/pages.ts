import { ACCION_LABEL, ESTADO_LABEL, ESTADOS, allowedActions, type Accion, type Estado } from '../../filings/states.ts'
import { CONSENT_FIELD, SENSITIVE_CONSENT_FIELD } from '../../manifest/privacyNotice.ts'
import { escapeHtml as e } from '../nativePages.ts'
import type { AccountRow, AuditRow, HistoryRow, TramiteRow } from '../store/office.ts'
import { dateTime, day, dayLong, daysLeftText } from './format.ts'
import type { InboxFilter, InboxItem } from './inbox.ts'

/**
 * The office pages, rendered on the server for each request: plain HTML
 * forms that work without script (the office has none), under the site's
 * strict Content-Security-Policy (no inline script or style: the site's
 * stylesheets and /oficina/oficina.css). Every page is noindex and no-store.
 */
export interface PageContext {
  siteName: string
  styles: string[]
  account: AccountRow
  /** Anti-forgery token for the page's forms (hidden field `_xsrf`). */
  xsrf: string
}

export const OFFICE_CSS = '/oficina/oficina.css'

function shell(ctx: Pick<PageContext, 'siteName' | 'styles'>, title: string, header: string, body: string): string {
  const links = [...ctx.styles, OFFICE_CSS].map(href => `<link rel="stylesheet" href="${e(href)}">`).join('\n')
  return `<!doctype html>
<html lang="es" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)} | Oficina SIAU | ${e(ctx.siteName)}</title>
${links}
</head>
<body class="oficina">
<a class="saltar" href="#contenido">Saltar al contenido</a>
${header}
<main id="contenido" class="container" tabindex="-1">
${body}
</main>
</body>
</html>
`
}

function officeHeader(ctx: PageContext): string {
  const nav = [`<li><a href="/oficina">Bandeja</a></li>`, `<li><a href="/oficina/radicar">Radicar</a></li>`]
  if (ctx.account.rol === 'admin') nav.push(`<li><a href="/oficina/auditoria">Auditoría</a></li>`)
  return `<header class="container oficina-cabecera">
<nav aria-label="Oficina">
<ul><li><strong>Oficina SIAU · ${e(ctx.siteName)}</strong></li></ul>
<ul>${nav.join('')}
<li><span class="oficina-cuenta">${e(ctx.account.nombre)}</span></li>
<li><form method="post" action="/api/oficina/salir" class="oficina-salir"><input type="hidden" name="_xsrf" value="${e(ctx.xsrf)}"><button type="submit" class="secondary">Salir</button></form></li>
</ul>
</nav>
</header>`
}

export function officePage(ctx: PageContext, title: string, body: string): string {
  return shell(ctx, title, officeHeader(ctx), body)
}

function errorSummary(message: string | undefined, fields: Record<string, string>, idOf: (name: string) => string): string {
  if (!message) return ''
  const items = Object.entries(fields)
    .map(([name, msg]) => `<li><a href="#${e(idOf(name))}">${e(msg)}</a></li>`)
    .join('')
  return `<div class="resumen-errores" role="alert" aria-labelledby="titulo-errores" tabindex="-1">
<h2 id="titulo-errores">${e(message)}</h2>${items ? `<ul>${items}</ul>` : ''}
</div>`
}

function notice(text: string | undefined): string {
  return text ? `<div class="aviso-formulario aviso-exito" role="status"><p class="aviso-texto">${e(text)}</p></div>` : ''
}

function stateCell(item: { estado: Estado; vencida: boolean; ampliada: boolean }): string {
  const flags = [item.ampliada ? ' <span class="etiqueta">ampliada</span>' : '']
  return `${e(ESTADO_LABEL[item.estado])}${flags.join('')}`
}

function leftCell(item: InboxItem): string {
  const text = daysLeftText(item.diasHabilesRestantes)
  if (item.vencida) return `<strong class="vencida"><span aria-hidden="true">⚠ </span>${e(text)}</strong>`
  if (item.diasHabilesRestantes !== null && item.diasHabilesRestantes <= 2) return `<strong class="por-vencer">${e(text)}</strong>`
  return e(text)
}

export interface InboxView {
  items: InboxItem[]
  counts: Record<Estado, number>
  filter: InboxFilter
  forms: Array<{ id: string; titulo: string }>
  tipos: string[]
  errors?: Record<string, string>
  notice?: string
}

function option(value: string, label: string, selected: string | undefined): string {
  return `<option value="${e(value)}"${selected === value ? ' selected' : ''}>${e(label)}</option>`
}

export function inboxPage(ctx: PageContext, v: InboxView): string {
  const f = v.filter
  const estadoSel = f.estado ?? 'todas'
  const counts = ESTADOS.map(s => `<li><a href="/oficina?estado=${s}">${e(ESTADO_LABEL[s])}: <strong>${v.counts[s]}</strong></a></li>`).join('')
  const rows = v.items
    .map(
      i => `<tr${i.vencida ? ' class="fila-vencida"' : ''}>
<th scope="row"><a href="/oficina/radicaciones/${e(i.radicado)}">${e(i.radicado)}</a></th>
<td>${e(v.forms.find(x => x.id === i.formulario)?.titulo ?? i.formulario)}</td>
<td>${e(i.tipo)}</td>
<td>${stateCell(i)}</td>
<td>${e(dateTime(i.recibido))}</td>
<td><time datetime="${e(i.vence)}">${e(day(i.vence))}</time></td>
<td>${leftCell(i)}</td>
</tr>`,
    )
    .join('\n')
  const body = `<h1>Bandeja de radicaciones</h1>
${notice(v.notice)}
${v.errors ? errorSummary('Revise los filtros', v.errors, n => `filtro-${n}`) : ''}
<section aria-labelledby="titulo-conteo"><h2 id="titulo-conteo" class="visualmente-oculto">Radicaciones por estado</h2>
<ul class="conteo-estados">${counts}</ul></section>
<form method="get" action="/oficina" class="filtros" aria-label="Filtros">
<div class="grid">
<label for="filtro-formulario">Formulario
<select id="filtro-formulario" name="formulario">${option('', 'Todos', f.formulario ?? '')}${v.forms.map(x => option(x.id, x.titulo, f.formulario)).join('')}</select></label>
<label for="filtro-tipo">Tipo
<select id="filtro-tipo" name="tipo">${option('', 'Todos', f.tipo ?? '')}${v.tipos.map(t => option(t, t, f.tipo)).join('')}</select></label>
<label for="filtro-estado">Estado
<select id="filtro-estado" name="estado">${option('abiertas', 'Abiertas (radicada o en trámite)', estadoSel)}${option('todas', 'Todas', estadoSel)}${ESTADOS.map(s => option(s, ESTADO_LABEL[s], estadoSel)).join('')}</select></label>
<label for="filtro-venceEn">Vence en ≤ N días hábiles
<input id="filtro-venceEn" name="venceEn" type="number" min="0" max="999" inputmode="numeric" value="${f.venceEn ?? ''}"${v.errors?.venceEn ? ' aria-invalid="true"' : ''}></label>
</div>
<button type="submit">Filtrar</button>
</form>
<table class="bandeja">
<caption>${v.items.length === 1 ? '1 radicación' : `${v.items.length} radicaciones`}, ordenadas por fecha de vencimiento</caption>
<thead><tr><th scope="col">Radicado</th><th scope="col">Formulario</th><th scope="col">Tipo</th><th scope="col">Estado</th><th scope="col">Recibido</th><th scope="col">Vence</th><th scope="col">Días hábiles restantes</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="7">No hay radicaciones con estos filtros.</td></tr>'}
</tbody>
</table>`
  return officePage(ctx, 'Bandeja', body)
}

export interface FilingView {
  radicado: string
  formTitle: string
  tipo: string
  recibido: string
  tramite: TramiteRow
  diasHabilesRestantes: number | null
  vencida: boolean
  fundamento?: string
  fields: Array<{ nombre: string; etiqueta: string; valor: string }>
  /** The data-treatment authorization stored with the filing (issue 12), if any. */
  autorizacion?: { version: string; en: string }
  /** The explicit sensitive-data authorization (issue 26 item 5), if the form asked it. */
  autorizacionSensibles?: { version: string; en: string }
  /** How it arrived (issue 26): the channel's label, who registered it and the day of receipt when earlier. */
  canal?: { etiqueta: string; registradaPor?: string; recibidaEl?: string }
  /** An anonymous petition: no personal data, no e-mail; the answer is read on the tracking page. */
  anonima?: boolean
  attachments: Array<{ indice: number; nombre: string; tamano: number }>
  history: HistoryRow[]
  today: string
  error?: { message: string; fields: Record<string, string>; accion?: string }
  notice?: string
  values?: Record<string, string>
}

/** History rows that are not actions (issue 12: the outcome of the citizen's e-mails). */
const NOTE_LABEL: Record<string, string> = { correo_ciudadano: 'Correo al ciudadano' }

function historyRows(history: HistoryRow[], radicado: string): string {
  if (history.length === 0) return '<p>Sin actuaciones todavía.</p>'
  const rows = history
    .map(h => {
      const details: string[] = []
      if (h.entidad) details.push(`Entidad: ${e(h.entidad)}`)
      if (h.nuevaFecha) details.push(`Nueva fecha: ${e(day(h.nuevaFecha))}`)
      if (h.tardio) details.push('Fuera del término de traslado (art. 21)')
      if (h.negada) details.push('La respuesta niega lo solicitado')
      if (h.texto) details.push(`<span class="texto-largo">${e(h.texto)}</span>`)
      if (h.archivo)
        details.push(
          `<a href="/api/oficina/radicaciones/${e(radicado)}/respuestas/${h.id}" download>Descargar respuesta (PDF: ${e(h.archivoNombre ?? 'respuesta.pdf')})</a>`,
        )
      const label = (ACCION_LABEL as Record<string, string>)[h.accion] ?? NOTE_LABEL[h.accion] ?? h.accion
      return `<tr><td>${e(dateTime(h.en))}</td><td>${e(label)}</td><td>${e(ESTADO_LABEL[h.estadoNuevo as Estado] ?? h.estadoNuevo)}</td><td>${e(h.cuentaNombre ?? '')}</td><td>${details.join('<br>')}</td></tr>`
    })
    .join('\n')
  return `<table><caption class="visualmente-oculto">Historial</caption><thead><tr><th scope="col">Fecha</th><th scope="col">Actuación</th><th scope="col">Estado</th><th scope="col">Por</th><th scope="col">Detalle</th></tr></thead><tbody>${rows}</tbody></table>`
}

function actionForms(ctx: PageContext, v: FilingView): string {
  const t = v.tramite
  const status = { estado: t.estado, vence: t.vence, venceOriginal: t.venceOriginal, venceMaximo: t.venceMaximo, ampliada: t.ampliada }
  // Offer only the actions the state and the law allow now (the server checks again).
  const can = new Set(allowedActions(status, v.today))
  const allowed = (a: Accion) => can.has(a)
  const action = `/api/oficina/radicaciones/${e(v.radicado)}/acciones`
  const hidden = (a: Accion) => `<input type="hidden" name="_xsrf" value="${e(ctx.xsrf)}"><input type="hidden" name="accion" value="${a}">`
  const err = (a: Accion, name: string) => (v.error?.accion === a && v.error.fields[name] ? ` aria-invalid="true" aria-describedby="error-${a}-${name}"` : '')
  const errText = (a: Accion, name: string) =>
    v.error?.accion === a && v.error.fields[name] ? `<small id="error-${a}-${name}" class="error-campo">${e(v.error.fields[name])}</small>` : ''
  const val = (a: Accion, name: string) => (v.error?.accion === a ? e(v.values?.[name] ?? '') : '')
  const forms: string[] = []
  if (allowed('en_tramite')) {
    forms.push(
      `<form method="post" action="${action}" class="accion">${hidden('en_tramite')}<button type="submit">${e(ACCION_LABEL.en_tramite)}</button></form>`,
    )
  }
  if (allowed('responder')) {
    forms.push(`<form method="post" action="${action}" enctype="multipart/form-data" class="accion" aria-labelledby="titulo-responder">
<h3 id="titulo-responder">Responder</h3>${hidden('responder')}
<label for="responder-texto">Texto de la respuesta *</label>
<textarea id="responder-texto" name="texto" rows="8" required${err('responder', 'texto')}>${val('responder', 'texto')}</textarea>${errText('responder', 'texto')}
<label for="responder-archivo">Respuesta en PDF (opcional, máximo 10 MB)</label>
<input id="responder-archivo" name="archivo" type="file" accept="application/pdf"${err('responder', 'archivo')}>${errText('responder', 'archivo')}
<label for="responder-negada"><input id="responder-negada" name="negada" type="checkbox" aria-describedby="ayuda-negada"${v.error?.accion === 'responder' && v.values?.negada ? ' checked' : ''}> La respuesta niega lo solicitado</label>
<small id="ayuda-negada">Márquelo si la respuesta rechaza la petición o niega el acceso a la información. Se cuenta como «negada» en el informe público de solicitudes (Decreto 103 de 2015, art. 52).</small>
<button type="submit">Enviar respuesta</button>
</form>`)
  }
  if (allowed('trasladar')) {
    const late = v.today > t.venceTraslado
    forms.push(`<form method="post" action="${action}" class="accion" aria-labelledby="titulo-trasladar">
<h3 id="titulo-trasladar">Trasladar a otra entidad</h3>${hidden('trasladar')}
<p>Término de traslado (Ley 1755 de 2015, art. 21): hasta el ${e(dayLong(t.venceTraslado))}.${late ? ' <strong>Ese término ya pasó: el traslado quedará registrado como tardío.</strong>' : ''}</p>
<label for="trasladar-entidad">Entidad competente *</label>
<input id="trasladar-entidad" name="entidad" type="text" maxlength="300" required value="${val('trasladar', 'entidad')}"${err('trasladar', 'entidad')}>${errText('trasladar', 'entidad')}
<label for="trasladar-texto">Motivo del traslado *</label>
<textarea id="trasladar-texto" name="texto" rows="4" required${err('trasladar', 'texto')}>${val('trasladar', 'texto')}</textarea>${errText('trasladar', 'texto')}
<button type="submit">Trasladar</button>
</form>`)
  }
  if (allowed('ampliar')) {
    forms.push(`<form method="post" action="${action}" class="accion" aria-labelledby="titulo-ampliar">
<h3 id="titulo-ampliar">Ampliar el término</h3>${hidden('ampliar')}
<p>Solo antes del vencimiento (${e(dayLong(t.venceOriginal))}) y como máximo hasta el ${e(dayLong(t.venceMaximo))} (el doble del término).</p>
<label for="ampliar-texto">Motivo de la ampliación *</label>
<textarea id="ampliar-texto" name="texto" rows="4" required${err('ampliar', 'texto')}>${val('ampliar', 'texto')}</textarea>${errText('ampliar', 'texto')}
<label for="ampliar-nuevaFecha">Nueva fecha de respuesta *</label>
<input id="ampliar-nuevaFecha" name="nuevaFecha" type="date" required min="${e(t.vence)}" max="${e(t.venceMaximo)}" value="${val('ampliar', 'nuevaFecha')}"${err('ampliar', 'nuevaFecha')}>${errText('ampliar', 'nuevaFecha')}
<button type="submit">Ampliar término</button>
</form>`)
  }
  if (allowed('cerrar')) {
    forms.push(`<form method="post" action="${action}" class="accion">${hidden('cerrar')}<button type="submit">${e(ACCION_LABEL.cerrar)}</button></form>`)
  }
  return forms.length ? forms.join('\n') : '<p>Esta radicación no admite más acciones.</p>'
}

/** What staff read on an anonymous petition (issue 26 item 3). */
export const ANONYMOUS_NOTE =
  'Radicación anónima: no hay correo ni dirección para enviar la respuesta. La respuesta que registre aquí queda publicada en la consulta en línea, donde quien la radicó la lee con el número y el código de su recibo.'

export function filingPage(ctx: PageContext, v: FilingView): string {
  const t = v.tramite
  const left = `${daysLeftText(v.diasHabilesRestantes)}${v.vencida ? ' (término vencido)' : ''}`
  // The consent checkbox reads as one line with its proof (notice version and time) when the filing stored one.
  const consent = v.autorizacion
    ? `<dt>Autorización de tratamiento de datos personales</dt><dd>Sí: aviso de privacidad versión ${e(v.autorizacion.version)}, ${e(dateTime(v.autorizacion.en))}</dd>`
    : ''
  const sensitiveConsent = v.autorizacionSensibles
    ? `<dt>Autorización expresa de datos sensibles</dt><dd>Sí: aviso de privacidad versión ${e(v.autorizacionSensibles.version)}, ${e(dateTime(v.autorizacionSensibles.en))}</dd>`
    : ''
  const fields = [
    ...v.fields
      .filter(f => !(v.autorizacion && f.nombre === CONSENT_FIELD) && !(v.autorizacionSensibles && f.nombre === SENSITIVE_CONSENT_FIELD))
      .map(f => `<dt>${e(f.etiqueta)}</dt><dd class="texto-largo">${e(f.valor)}</dd>`),
    ...(consent ? [consent] : []),
    ...(sensitiveConsent ? [sensitiveConsent] : []),
  ].join('\n')
  const files = v.attachments
    .map(
      a => `<li><a href="/api/oficina/radicaciones/${e(v.radicado)}/adjuntos/${a.indice}" download>${e(a.nombre)}</a> (${Math.ceil(a.tamano / 1024)} KB)</li>`,
    )
    .join('')
  const body = `<p><a href="/oficina">← Volver a la bandeja</a></p>
<h1>Radicado ${e(v.radicado)}</h1>
${notice(v.notice)}
${v.error ? errorSummary(v.error.message, v.error.fields, n => `${v.error?.accion ?? 'responder'}-${n}`) : ''}
<section aria-labelledby="titulo-termino">
<h2 id="titulo-termino">Estado y término</h2>
<dl class="datos-radicacion">
<dt>Formulario</dt><dd>${e(v.formTitle)}</dd>
<dt>Tipo</dt><dd>${e(v.tipo)}</dd>
<dt>Estado</dt><dd>${e(ESTADO_LABEL[t.estado])}</dd>
<dt>Recibido</dt><dd>${e(dateTime(v.recibido))}</dd>
${v.canal ? `<dt>Canal de recepción</dt><dd>${e(v.canal.etiqueta)}${v.canal.registradaPor ? `, registrada por ${e(v.canal.registradaPor)}` : ''}</dd>` : ''}
${v.canal?.recibidaEl ? `<dt>Fecha de recepción del documento</dt><dd>${e(dayLong(v.canal.recibidaEl))} (el término cuenta desde ese día)</dd>` : ''}
<dt>Término</dt><dd>${t.diasHabiles} días hábiles${v.fundamento ? ` (${e(v.fundamento)})` : ''}</dd>
<dt>Vence</dt><dd>${e(dayLong(t.vence))}${t.ampliada ? ` (ampliado; vencía el ${e(day(t.venceOriginal))})` : ''}</dd>
<dt>Días hábiles restantes</dt><dd>${v.vencida ? '<strong class="vencida"><span aria-hidden="true">⚠ </span>' : ''}${e(left)}${v.vencida ? '</strong>' : ''}</dd>
${t.respondidaEn ? `<dt>Respondida</dt><dd>${e(dateTime(t.respondidaEn))}</dd>` : ''}
</dl>
</section>
<section aria-labelledby="titulo-datos">
<h2 id="titulo-datos">Datos de la solicitud</h2>
<dl class="datos-radicacion">
${fields}
</dl>
${files ? `<h3>Adjuntos</h3><ul>${files}</ul>` : ''}
</section>
<section aria-labelledby="titulo-acciones">
<h2 id="titulo-acciones">Acciones</h2>
${v.anonima ? `<p class="aviso-anonima"><strong>Anónimo.</strong> ${e(ANONYMOUS_NOTE)}</p>` : ''}
${actionForms(ctx, v)}
</section>
<section aria-labelledby="titulo-historial">
<h2 id="titulo-historial">Historial</h2>
${historyRows(v.history, v.radicado)}
</section>`
  return officePage(ctx, `Radicado ${v.radicado}`, body)
}

export function auditPage(ctx: PageContext, rows: AuditRow[], since: string | undefined, error?: string): string {
  const body = `<h1>Auditoría</h1>
<p>Registro de solo adición: ingresos (y fallidos), salidas, consultas de datos personales, descargas, acciones y cambios de cuentas. Se exporta con <code>npm run -s export -- auditoria --since AAAA-MM-DD</code>.</p>
${error ? errorSummary('Revise la fecha', { since: error }, () => 'auditoria-desde') : ''}
<form method="get" action="/oficina/auditoria" aria-label="Filtro de auditoría">
<label for="auditoria-desde">Desde (AAAA-MM-DD)
<input id="auditoria-desde" name="since" type="date" value="${e(since ?? '')}"></label>
<button type="submit">Ver</button>
</form>
<table>
<caption>${rows.length} registros, los más recientes primero (máximo 500)</caption>
<thead><tr><th scope="col">Fecha</th><th scope="col">Evento</th><th scope="col">Cuenta</th><th scope="col">Radicado</th><th scope="col">Detalle</th><th scope="col">Dirección</th></tr></thead>
<tbody>
${rows.map(r => `<tr><td>${e(dateTime(r.en))}</td><td>${e(r.evento)}</td><td>${e(r.cuentaCorreo ?? r.correo ?? '')}</td><td>${e(r.radicado ?? '')}</td><td>${e(r.detalle ?? '')}</td><td>${e(r.direccion ?? '')}</td></tr>`).join('\n')}
</tbody>
</table>`
  return officePage(ctx, 'Auditoría', body)
}

/** The sign-in form again, after a failed native sign-in (the pre-rendered /acceder cannot show the server's answer). */
export function signInPage(ctx: Pick<PageContext, 'siteName' | 'styles'>, message: string, correo: string, needsCode = false): string {
  const header = `<header class="container oficina-cabecera"><nav aria-label="Sitio"><ul><li><a href="/">${e(ctx.siteName)}</a></li></ul></nav></header>`
  const body = `<h1>Inicia Sesión</h1>
<div class="aviso-formulario aviso-error" role="alert"><p class="aviso-texto">${e(message)}</p></div>
<form method="post" action="/api/oficina/sesion" class="formulario-acceso">
<label for="acceso-correo">Correo electrónico</label>
<input id="acceso-correo" name="correo" type="email" autocomplete="username" required value="${e(correo)}">
<label for="acceso-clave">Contraseña</label>
<input id="acceso-clave" name="clave" type="password" autocomplete="current-password" required>
${needsCode ? '<label for="acceso-codigo">Código de verificación</label>\n<input id="acceso-codigo" name="codigo" inputmode="numeric" autocomplete="one-time-code">' : ''}
<label for="acceso-recordar"><input id="acceso-recordar" name="recordarme" type="checkbox" value="true"> Recordarme</label>
<button type="submit">Ingresar</button>
</form>`
  return shell(ctx, 'Inicia Sesión', header, body)
}

export function messagePage(ctx: Pick<PageContext, 'siteName' | 'styles'> & { account?: AccountRow; xsrf?: string }, title: string, message: string): string {
  const body = `<h1>${e(title)}</h1><p>${e(message)}</p><p><a href="/oficina">Volver a la bandeja</a></p>`
  if (ctx.account && ctx.xsrf !== undefined) return officePage(ctx as PageContext, title, body)
  return shell(ctx, title, '', body)
}
