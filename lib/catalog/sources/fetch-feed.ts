// Reads a feed URL for a sync: http(s) only, public addresses only, checked on the connection
// itself (lib/net/safe-fetch; CATALOG_FEEDS_ALLOW_PRIVATE=1 lifts that for tests and closed
// networks), 30 s, 50 MB counted as the bytes arrive.
import { OutboundError, safeFetch } from '@/lib/net/safe-fetch'
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
  let res
  try {
    // The size is counted as the bytes arrive: a feed that declares no length (chunked) or a
    // false one is cut off at the limit all the same.
    res = await safeFetch(raw, {
      purpose: 'catalog-feed',
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_FEED_BYTES,
      headers: { accept: 'application/json, application/xml, text/xml, */*' },
    })
  } catch (e) {
    const kind = e instanceof OutboundError ? e.kind : 'failed'
    throw new FeedError(
      kind === 'too_large'
        ? 'The feed is larger than 50 MB.'
        : kind === 'blocked'
          ? 'The feed URL points to a private network address.'
          : kind === 'unresolved'
            ? `The feed host ${new URL(raw).hostname} could not be resolved.`
            : kind === 'timeout'
              ? 'The feed did not answer in time.'
              : 'The feed could not be read.',
    )
  }
  if (!res.ok) throw new FeedError(`The feed answered HTTP ${res.status}.`)
  const contentType = res.headers['content-type']
  return { text: res.text(), contentType: typeof contentType === 'string' ? contentType : null }
}
