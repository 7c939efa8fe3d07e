// The answers of the tracking endpoints: the 1×1 transparent GIF of the open pixel and the
// plain "link not valid" page of a click token that does not verify (translated, 404, no
// redirect, no script).
import { loadMessages } from '@/lib/i18n/load-messages'
import { LOCALE_COOKIE, localeFromAcceptLanguage, resolveLocale, isLocale } from '@/lib/i18n/locales'
import { parseCookies } from '@/lib/text/cookies'

export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const NO_STORE = 'no-store, no-cache, must-revalidate, private'

export function pixelResponse(method: string): Response {
  return new Response(method.toUpperCase() === 'HEAD' ? null : new Uint8Array(PIXEL_GIF), {
    status: 200,
    headers: {
      'content-type': 'image/gif',
      'content-length': String(PIXEL_GIF.length),
      'cache-control': NO_STORE,
      'referrer-policy': 'no-referrer',
    },
  })
}

export function redirectResponse(url: string): Response {
  return new Response(null, {
    status: 302,
    headers: { location: url, 'cache-control': NO_STORE, 'referrer-policy': 'no-referrer' },
  })
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export async function invalidLinkResponse(req: Request): Promise<Response> {
  const cookie = parseCookies(req.headers.get('cookie'))[LOCALE_COOKIE]
  const locale = isLocale(cookie) ? cookie : resolveLocale(localeFromAcceptLanguage(req.headers.get('accept-language')))
  const m = ((await loadMessages(locale)) as { tracking?: Record<string, string> }).tracking ?? {}
  const title = m['invalidLinkTitle'] ?? 'This link is not valid'
  const body = m['invalidLinkBody'] ?? ''
  const html =
    `<!doctype html><html lang="${escape(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a"><h1 style="font-size:1.4rem">${escape(title)}</h1><p>${escape(body)}</p></body></html>`
  return new Response(req.method.toUpperCase() === 'HEAD' ? null : html, {
    status: 404,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': NO_STORE,
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
