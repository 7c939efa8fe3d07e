// The address links in emails point at. It comes from configuration, never from the request:
// a forged Host header must not turn a password-reset mail into a link to another site.
export function appUrl(): string {
  const configured = process.env.APP_URL?.trim()
  if (configured) return configured.replace(/\/+$/, '')
  return `http://localhost:${process.env.PORT || 3000}`
}

/**
 * An absolute link to a path of this application, for mails and anything else sent outside
 * the browser: every such link is built here, so they all follow APP_URL.
 */
export function appLink(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//'))
    throw new Error(`appLink takes a path starting with one "/", got ${JSON.stringify(path)}`)
  return appUrl() + path
}
