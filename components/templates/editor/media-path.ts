// Our own images (/media/images/…) are kept root-relative in a template and shown that way in
// the editor: the send step makes them absolute on APP_URL (lib/messaging/finish-email-html.ts),
// so a template survives a change of address, and the editor page loads them from its own
// origin whatever APP_URL says (its Content-Security-Policy allows images from 'self').

/** An address of our image store as a root-relative path; any other address as it is. */
export function mediaPath(url: string): string {
  try {
    const u = new URL(url, 'http://localhost')
    return u.pathname.startsWith('/media/images/') ? u.pathname : url
  } catch {
    return url
  }
}
