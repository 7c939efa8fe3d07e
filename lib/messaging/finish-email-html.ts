// The last touches of a rendered email's HTML before tracking (issue 30 §3, §4):
// - the preheader: the message's preview text as the hidden first text of the body, which mail
//   clients show beside the subject (padded so they do not pull body text in after it);
// - absolute addresses: a root-relative src, href or background (the editor's default image
//   /email/placeholder.svg, uploaded images under /media/…) is made absolute on APP_URL, since
//   a mail client has no page to resolve it against.
import { appUrl } from '@/lib/config/app-url'

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Zero-width padding after the preview text, so clients show nothing of the body after it. */
const PADDING = '&#847;&zwnj;&nbsp;'.repeat(60)

export function withPreheader(html: string, previewText: string | null | undefined): string {
  const text = previewText?.replace(/\s+/g, ' ').trim()
  if (!text) return html
  const div = `<div style="display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all" data-preheader>${escapeHtml(text)}${PADDING}</div>`
  const body = /<body\b[^>]*>/i.exec(html)
  return body ? html.slice(0, body.index + body[0].length) + div + html.slice(body.index + body[0].length) : div + html
}

const RELATIVE_ATTR = /(\s(?:src|href|background)\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/gi
const RELATIVE_CSS_URL = /(url\(\s*)(["']?)(\/(?!\/)[^"')]*)\2(\s*\))/gi

export function withAbsoluteUrls(html: string, base = appUrl()): string {
  const root = base.replace(/\/+$/, '')
  return html
    .replace(RELATIVE_ATTR, (_m, attr: string, q: string, path: string) => `${attr}${q}${root}${path}${q}`)
    .replace(
      RELATIVE_CSS_URL,
      (_m, open: string, q: string, path: string, close: string) => `${open}${q}${root}${path}${q}${close}`,
    )
}
