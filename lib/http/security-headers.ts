// The security headers of every answer (pages, redirects, /api, /client, /ajax). proxy.ts sets
// them per request: the page policy carries a fresh script nonce, which Next.js reads back from
// the request's Content-Security-Policy header and puts on its own <script> tags, and HSTS
// depends on APP_URL at run time (next.config headers are fixed at build time).
import { randomBytes } from 'node:crypto'

/** 128 random bits, base64: unguessable, and in the character set CSP allows for a nonce. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * The policy of an HTML page. Scripts: only those carrying this request's nonce, and what they
 * load ('strict-dynamic': Next's runtime adds its chunks by script element); 'self' is the
 * fallback for browsers without 'strict-dynamic'. 'unsafe-eval' only under `next dev` (React's
 * dev tools and hot reload evaluate code). Styles: stylesheet links from the same origin plus
 * inline style attributes (React `style={{…}}` renders as an attribute in the server HTML,
 * which only 'unsafe-inline' allows; a style nonce would switch 'unsafe-inline' off).
 */
export function pageCsp(
  nonce: string,
  dev = process.env.NODE_ENV === 'development',
  frameAncestors = "'none'",
  storeImages = false,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${storeImages ? ' https:' : ''}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')
}

/**
 * Pages our own screens put in an iframe: the signup form preview (/onsite/preview) that the form
 * editor shows beside its panels. They may be framed by our origin only; every other page never.
 */
export const isSameOriginFramePath = (pathname: string) => /^\/onsite\/preview\/?$/.test(pathname)

/**
 * The shopper's hub page (/hub/{key}) shows the store's product images and logo, which live on the
 * store's or its CDN's https origin; the page sends no referrer, and everything else keeps the
 * page policy.
 */
export const isStoreImagePagePath = (pathname: string) => /^\/hub\/[^/]+\/?$/.test(pathname)

/** JSON answers load nothing and are never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * "View in browser" (/messages/{token}) shows a merchant's email: sandboxed (no scripts, forms
 * or same-origin access; links may open a new tab or, when clicked, the top window), and
 * images, styles and fonts load from anywhere, as in a mail client (issue 29, finding 9).
 */
export const WEB_VIEW_CSP = [
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  "default-src 'none'",
  'img-src https: http: data:',
  "style-src 'unsafe-inline' https: http:",
  'font-src https: http: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Paths whose answers carry WEB_VIEW_CSP instead of the app's page policy. */
export const isWebViewPath = (pathname: string) => /^\/messages\/[^/]+\/?$/.test(pathname)

/** Only when the public address is https: HSTS over plain http would lock a test install out. */
export function hstsEnabled(): boolean {
  return (process.env.APP_URL ?? '').trim().toLowerCase().startsWith('https://')
}

/** The headers besides the CSP, on every answer. */
export function baseSecurityHeaders(sameOriginFrames = false): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': sameOriginFrames ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(hstsEnabled() ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/** Sets the security headers on an answer; `csp` is pageCsp(nonce) for pages, API_CSP otherwise. */
export function applySecurityHeaders(headers: Headers, csp: string, sameOriginFrames = false): void {
  headers.set('Content-Security-Policy', csp)
  for (const [name, value] of Object.entries(baseSecurityHeaders(sameOriginFrames))) headers.set(name, value)
}
