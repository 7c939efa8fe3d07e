// Reads a feed URL for a sync: http(s) only, every address the name resolves to must be public
// (CATALOG_FEEDS_ALLOW_PRIVATE=1 lifts that for tests and closed networks), 30 s, 50 MB.
import dns from 'node:dns/promises'
import net from 'node:net'
import { isPrivateAddress } from '@/lib/templates/store/fetch-image-url'
import { FeedError } from './parse-feed'

const TIMEOUT_MS = 30_000
export const MAX_FEED_BYTES = 50 * 1024 * 1024

export function feedUrlProblem(raw: string): string | null {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    return 'Enter a full URL starting with http:// or https://.'
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'The feed URL must start with http:// or https://.'
  if (u.username || u.password) return 'The feed URL must not contain a user name or password.'
  return null
}

export async function fetchFeed(raw: string): Promise<{ text: string; contentType: string | null }> {
  const problem = feedUrlProblem(raw)
  if (problem) throw new FeedError(problem)
  const u = new URL(raw)
  if (process.env.CATALOG_FEEDS_ALLOW_PRIVATE !== '1') {
    const host = u.hostname.replace(/^\[|\]$/g, '')
    const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address)
    if (!addresses.length) throw new FeedError(`The feed host ${u.hostname} could not be resolved.`)
    if (addresses.some(isPrivateAddress)) throw new FeedError('The feed URL points to a private network address.')
  }
  let res: Response
  try {
    res = await fetch(u, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json, application/xml, text/xml, */*' } })
  } catch (e) {
    throw new FeedError(`The feed could not be read: ${(e as Error).message}.`)
  }
  if (!res.ok) throw new FeedError(`The feed answered HTTP ${res.status}.`)
  const declared = Number(res.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_FEED_BYTES) throw new FeedError('The feed is larger than 50 MB.')
  const buf = Buffer.from(await res.arrayBuffer())
  if (buf.length > MAX_FEED_BYTES) throw new FeedError('The feed is larger than 50 MB.')
  return { text: buf.toString('utf8'), contentType: res.headers.get('content-type') }
}
