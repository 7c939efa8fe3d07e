import { renderWebView } from '@/lib/messaging/web-view'
import { reportError } from '@/lib/errors/reporter'
import { WEB_VIEW_CSP } from '@/lib/http/security-headers'
import { TemplateRenderError } from '@/lib/templates/template-types'

type Ctx = { params: Promise<{ token: string }> }

const page = (status: number, title: string, text: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><h1 style="font-size:1.25rem">${title}</h1><p>${text}</p></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  )

// GET /messages/{token} – "view in browser": the email of a signed web-view link, rendered for its recipient
export async function GET(_req: Request, { params }: Ctx): Promise<Response> {
  let mail
  try {
    mail = await renderWebView((await params).token)
  } catch (error) {
    if (error instanceof TemplateRenderError)
      return page(
        422,
        'This email cannot be shown',
        'Its content could not be displayed in the browser. The email itself is in your inbox.',
      )
    reportError({ error, route: '/messages/[token]' })
    return page(503, 'This email cannot be shown right now', 'Please try again in a few minutes.')
  }
  if (!mail)
    return page(
      404,
      'This link does not open an email',
      'It may be mistyped or incomplete. Open the email itself and use its link again.',
    )
  const html =
    mail.html ??
    `<pre style="white-space:pre-wrap;font-family:system-ui,sans-serif">${mail.text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</pre>`
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      // The merchant's HTML runs in a sandbox: no scripts, no forms, no same-origin access
      // (proxy.ts sets the same policy, which would otherwise replace this one with the app's).
      'Content-Security-Policy': WEB_VIEW_CSP,
      'X-Robots-Tag': 'noindex',
    },
  })
}
