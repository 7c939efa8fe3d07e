// Where a webhook may POST: https only (as the reference requires), and never to this machine
// or a private network unless the operator allows it (WEBHOOKS_ALLOW_PRIVATE=1, e.g. for a
// receiver on the same host or the tests), so a webhook cannot be used to probe internal services.
// The form is checked on save; the address is checked again on the connection of every delivery
// (lib/net/safe-fetch), since a name can resolve differently later.
import { bareHost } from '@/lib/net/address-policy'
import { OutboundError, outboundUrlProblem } from '@/lib/net/safe-fetch'

/** null when acceptable, else why not (checked on save). */
export function endpointUrlProblem(raw: string): string | null {
  return outboundUrlProblem(raw, 'webhook', { httpsOnly: true, label: 'The endpoint URL' })
}

/** What a delivery log says about a failed POST: our words, never the receiver's. */
export function deliveryErrorText(url: string, e: unknown): string {
  if (!(e instanceof OutboundError)) return 'Request failed.'
  if (e.kind === 'blocked') return `The endpoint ${bareHost(new URL(url))} resolves to a private address.`
  if (e.kind === 'timeout') return `Timed out: ${e.message}`
  if (e.kind === 'invalid_url') return e.message
  return `Request failed: ${e.message}`
}

/** The URL as the API shows it: without its query string, which may carry credentials. */
export function truncatedEndpoint(raw: string): string {
  try {
    const u = new URL(raw)
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`
  } catch {
    return raw
  }
}
