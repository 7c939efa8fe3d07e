// The addresses this server's outbound integration calls (webhooks, web feeds, flow webhooks)
// leave from, for merchants who allow-list them: EGRESS_IP_PREFIXES, comma-separated CIDR
// blocks. Unset: the feature is off, and /client/ip-allowlists answers 404 as the vendor does
// for an unknown list.
import { createHash } from 'node:crypto'
import { isIP } from 'node:net'

export interface EgressAllowlist {
  prefixes: string[]
  syncToken: string
}

const isCidr = (v: string) => {
  const [ip, bits, extra] = v.split('/')
  if (extra !== undefined || !ip) return false
  const family = isIP(ip)
  if (!family) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128)
}

export function egressAllowlist(): EgressAllowlist | null {
  const raw = process.env.EGRESS_IP_PREFIXES?.trim()
  if (!raw) return null
  const prefixes = raw
    .split(',')
    .map((s) => s.trim())
    .filter(isCidr)
  if (!prefixes.length) return null
  // Changes exactly when the list does, so a client polling it can tell without comparing lists.
  const syncToken = createHash('sha256').update(prefixes.join(',')).digest('hex').slice(0, 32)
  return { prefixes, syncToken }
}
