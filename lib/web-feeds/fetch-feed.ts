// Reading web feeds at send time (feeds.<name> in templates): one GET (or POST) of the feed's
// URL, at most MAX_FEED_BYTES within TIMEOUT_MS, parsed as JSON or XML, cached per feed for its
// cacheTtlSeconds in this process (and the last good body kept on the row for the settings
// screen's preview). Only public addresses are fetched (lib/net/safe-fetch checks the address
// each connection is opened to), unless WEB_FEEDS_ALLOW_PRIVATE=1 (tests, closed networks).
// A failure never fails a send: the feed reads as null (the template's fallback branch), the
// row records the error, and a failed fetch is not retried for FAILURE_BACKOFF_MS.
import { db } from '@/lib/db/client'
import { OutboundError, safeFetch } from '@/lib/net/safe-fetch'
import { parseFeedBody } from './parse-feed'

export const MAX_FEED_BYTES = 2 * 1024 * 1024
const TIMEOUT_MS = 5_000
const MAX_REDIRECTS = 3
const FAILURE_BACKOFF_MS = 60_000

export interface FeedRow {
  id: string
  companyId: number
  name: string
  url: string
  requestMethod: string
  contentType: string
  cacheTtlSeconds: number
}

export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FeedFetchError'
  }
}

const FAILURE_TEXT: Partial<Record<OutboundError['kind'], string>> = {
  invalid_url: 'The feed URL must be http or https.',
  blocked: 'Feeds cannot be read from private network addresses.',
  timeout: 'The feed did not answer in time.',
  too_large: 'The feed is larger than 2 MB.',
  redirects: 'The feed redirected too many times.',
}

/** The feed's body text; throws FeedFetchError with a message for the settings screen. */
export async function fetchFeedBody(
  raw: string,
  method: 'get' | 'post' = 'get',
  timeoutMs = TIMEOUT_MS,
): Promise<string> {
  try {
    new URL(raw)
  } catch {
    throw new FeedFetchError('The feed URL is not a valid http or https address.')
  }
  let res
  try {
    res = await safeFetch(raw, {
      purpose: 'web-feed',
      method: method === 'post' ? 'POST' : 'GET',
      timeoutMs,
      maxBytes: MAX_FEED_BYTES,
      maxRedirects: MAX_REDIRECTS,
      headers: {
        'user-agent': 'MerchantAutomation-WebFeeds/1.0',
        accept: 'application/json, application/xml, text/xml, */*',
      },
    })
  } catch (e) {
    throw new FeedFetchError((e instanceof OutboundError && FAILURE_TEXT[e.kind]) || 'The feed could not be reached.')
  }
  if (!res.ok) throw new FeedFetchError(`The feed answered with status ${res.status}.`)
  return res.text()
}

type CacheEntry = { at: number; ok: true; value: unknown; version: string } | { at: number; ok: false; version: string }
const cache = new Map<string, CacheEntry>()
const inflight = new Map<string, Promise<unknown>>()

export function clearWebFeedCache(): void {
  cache.clear()
}

/** Fetches and parses a feed now (no cache); records the outcome on the row. */
export async function refreshFeed(
  feed: FeedRow & { updatedAt?: Date },
  now = new Date(),
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  try {
    const body = await fetchFeedBody(feed.url, feed.requestMethod === 'post' ? 'post' : 'get')
    const value = parseFeedBody(body, feed.contentType === 'xml' ? 'xml' : 'json')
    await db.webFeed.updateMany({
      where: { companyId: feed.companyId, id: feed.id },
      data: { status: 'ok', lastError: null, cachedBody: body.slice(0, 200_000), fetchedAt: now },
    })
    return { ok: true, value }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    await db.webFeed
      .updateMany({
        where: { companyId: feed.companyId, id: feed.id },
        data: { status: 'warning_periodic_refresh_timeout', lastError: message.slice(0, 500) },
      })
      .catch(() => {})
    return { ok: false, error: message }
  }
}

/** The feed's content for a render: cached for the feed's TTL; null when it cannot be read. */
export async function readFeed(feed: FeedRow, now = new Date()): Promise<unknown> {
  const t = now.getTime()
  // an edit of what is fetched (not the row's own fetch bookkeeping) starts over
  const edited = `${feed.url}\n${feed.requestMethod}\n${feed.contentType}`
  const hit = cache.get(feed.id)
  if (hit && hit.version === edited) {
    if (hit.ok && t - hit.at < Math.max(0, feed.cacheTtlSeconds) * 1000) return hit.value
    if (!hit.ok && t - hit.at < FAILURE_BACKOFF_MS) return null
  }
  const running = inflight.get(feed.id)
  if (running) return running
  const p = refreshFeed(feed, now)
    .then((r) => {
      cache.set(
        feed.id,
        r.ok ? { at: t, ok: true, value: r.value, version: edited } : { at: t, ok: false, version: edited },
      )
      return r.ok ? r.value : null
    })
    .finally(() => inflight.delete(feed.id))
  inflight.set(feed.id, p)
  return p
}

/** Template names: the feed's name with anything but letters, digits and _ replaced by _. */
export const feedKey = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_')

/** feeds.<name> for the names a template uses (all of the company's feeds when names is null). */
export async function feedsForRender(
  companyId: number,
  names: Set<string> | null,
  now = new Date(),
): Promise<Record<string, unknown>> {
  if (names && !names.size) return {}
  const rows = await db.webFeed.findMany({ where: { companyId, status: { not: 'disabled' } } })
  const out: Record<string, unknown> = {}
  await Promise.all(
    rows
      .filter((r) => !names || names.has(feedKey(r.name)))
      .map(async (r) => {
        out[feedKey(r.name)] = await readFeed(r, now)
      }),
  )
  return out
}
