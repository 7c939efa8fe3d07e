// The address links in emails point at. It comes from configuration, never from the request:
// a forged Host header must not turn a password-reset mail into a link to another site.
export function appUrl(): string {
  const configured = process.env.APP_URL?.trim()
  if (configured) return configured.replace(/\/+$/, '')
  return `http://localhost:${process.env.PORT || 3000}`
}
