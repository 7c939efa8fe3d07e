// Where a webhook may POST: https only (as the reference requires), and never to this machine
// or a private network unless the operator allows it (WEBHOOKS_ALLOW_PRIVATE=1, e.g. for a
// receiver on the same host or the tests), so a webhook cannot be used to probe internal services.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

export const allowPrivateTargets = () => process.env.WEBHOOKS_ALLOW_PRIVATE === '1'

/** null when acceptable, else why not (checked on save). */
export function endpointUrlProblem(raw: string): string | null {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    return 'The endpoint URL is not a valid URL.'
  }
  if (u.username || u.password) return 'The endpoint URL must not contain a user name or password.'
  if (u.protocol === 'https:') return null
  if (u.protocol === 'http:' && allowPrivateTargets()) return null
  return 'The endpoint URL must start with https://.'
}

function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 6) {
    const v = ip.toLowerCase()
    if (v.startsWith('::ffff:')) return isPrivateAddress(v.slice(7))
    return v === '::1' || v === '::' || v.startsWith('fc') || v.startsWith('fd') || v.startsWith('fe80')
  }
  const [a, b] = ip.split('.').map(Number) as [number, number]
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
}

/** Checked before each delivery (DNS may change after the save). */
export async function targetProblem(raw: string): Promise<string | null> {
  const syntax = endpointUrlProblem(raw)
  if (syntax) return syntax
  if (allowPrivateTargets()) return null
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '')
  try {
    const addrs = isIP(host) ? [{ address: host }] : await lookup(host, { all: true })
    if (addrs.some((a) => isPrivateAddress(a.address))) return `The endpoint ${host} resolves to a private address.`
  } catch (e) {
    return `The endpoint host could not be resolved: ${e instanceof Error ? e.message : String(e)}`
  }
  return null
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
