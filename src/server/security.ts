import crypto from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import { apiError } from './http/errors.ts'
import { XSRF_COOKIE, XSRF_HEADER_LOWER } from '../forms/xsrf.ts'
import { withoutQuery } from '../manifest/urls.ts'
import { isNoScriptPost, isSameOriginPost } from './http/noScript.ts'

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Long-lived static files carry no cookie, so shared caches may keep them. */
function isStaticAsset(url: string): boolean {
  const p = withoutQuery(url)
  return p.startsWith('/_app/') || p.startsWith('/assets/')
}

function sameToken(a: string, b: string): boolean {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb)
}

/**
 * Anti-forgery, double-submit cookie: pages and API reads set a random
 * `XSRF-TOKEN` cookie (readable by the page's script, SameSite=Strict); every
 * unsafe request must echo it in `X-XSRF-TOKEN` or is answered 403. A forged
 * cross-site form can neither read the cookie nor set the header.
 *
 * The one exception is a form posted natively without script to a route
 * that takes one (`config: NO_SCRIPT_FORM`, http/noScript.ts; the filing
 * forms, the tracking page, the office's pages): a static page cannot carry
 * a per-visitor token, so such a post must instead come from this site's own
 * origin (Origin, or Referer when Origin is absent). It never applies to JSON
 * bodies. The office adds its session's form token in its own scope.
 */
export function installXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[XSRF_COOKIE]
    const valid = typeof cookie === 'string' && TOKEN_SHAPE.test(cookie)
    if (SAFE_METHODS.has(request.method)) {
      if (!valid && !isStaticAsset(request.url)) {
        reply.setCookie(XSRF_COOKIE, crypto.randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          secure: 'auto',
          httpOnly: false,
        })
      }
      return
    }
    if (isNoScriptPost(request)) {
      if (!isSameOriginPost(request)) throw apiError('xsrf')
      return
    }
    const header = request.headers[XSRF_HEADER_LOWER]
    if (!valid || typeof header !== 'string' || !sameToken(cookie, header)) throw apiError('xsrf')
  })
}

/**
 * The https origins the manifest's embeds (video and embebido sections) load
 * in a frame: the only third-party frames the CSP allows. A new embed host
 * in the manifest is allowed by the next start, with no code change.
 */
export function embedOrigins(urls: Iterable<string>): string[] {
  const out = new Set<string>()
  for (const u of urls) {
    try {
      const url = new URL(u)
      if (url.protocol === 'https:') out.add(url.origin)
    } catch {
      // A relative URL (a PDF of /assets) is the site itself: 'self'.
    }
  }
  return [...out].sort()
}

/**
 * Features the site never uses are denied to it and to every frame it
 * embeds; fullscreen is allowed to the embed origins (videos).
 */
export function permissionsPolicy(frames: readonly string[]): string {
  // Only features browsers know: Chromium logs a console warning for each unknown one on every page (docs/decisions/security.md);
  // 'ambient-light-sensor', 'battery' and 'bluetooth' are not policy-controlled features in any shipping browser.
  const denied = [
    'accelerometer',
    'autoplay',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
    'browsing-topics',
    'interest-cohort',
  ]
  const fullscreen = ['self', ...frames.map(f => `"${f}"`)].join(' ')
  return [...denied.map(d => `${d}=()`), `fullscreen=(${fullscreen})`].join(', ')
}

/**
 * Content-Security-Policy and the other headers. No inline script: Vike
 * writes its data as `type="application/json"` blocks (not run) and loads
 * external modules. No 'unsafe-eval': the form validators are precompiled at
 * build time (src/forms/precompiled.ts), so nothing compiles code in the
 * browser. No inline style: the pre-rendered HTML has no style attribute
 * (scripts may still set styles through the DOM, which CSP allows). Frames:
 * only the site itself and the https origins the manifest's embeds name.
 * PDFs of /assets are shown in `<object>` on the site's own pages.
 */
export function helmetOptions(frames: readonly string[] = []): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'media-src': ["'self'"],
        'object-src': ["'self'"],
        'frame-src': ["'self'", ...frames],
        'child-src': ["'self'", ...frames],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    // The site links out to many institutions; send only the origin cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Only this host: other subdomains of the hospital (webmail, intranet) may not all have HTTPS.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    // PDFs and images may be linked from other sites (e.g. government portals).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  }
}

/** Permissions-Policy on every answer (helmet does not set it). */
export function installPermissionsPolicy(app: FastifyInstance, frames: readonly string[]): void {
  const value = permissionsPolicy(frames)
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('permissions-policy', value)
    return payload
  })
}

/** The site's own PDFs are embedded in its pages with <object>: /assets may be framed by the same origin. */
export function installAssetFraming(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (withoutQuery(request.url).startsWith('/assets/')) {
      const csp = reply.getHeader('content-security-policy')
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
      reply.header('x-frame-options', 'SAMEORIGIN')
    }
    return payload
  })
}
