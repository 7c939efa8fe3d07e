// Reading web feeds at send time (feeds.<name> in templates): one GET (or POST) of the feed's
// URL, at most MAX_FEED_BYTES within TIMEOUT_MS, parsed as JSON or XML, cached per feed for its
// cacheTtlSeconds in this process (and the last good body kept on the row for the settings
// screen's preview). Only public addresses are fetched (every resolved address checked in the
// connection's own lookup), unless WEB_FEEDS_ALLOW_PRIVATE=1 (tests, closed networks).
// A failure never fails a send: the feed reads as null (the template's fallback branch), the
// row records the error, and a failed fetch is not retried for FAILURE_BACKOFF_MS.
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { db } from '@/lib/db/client'
import { isPrivateAddress } from '@/lib/templates/store/fetch-image-url'
import { parseFeedBody } from './parse-feed'

export const MAX_FEED_BYTES = 2 * 1024 * 1024
const TIMEOUT_MS = 5_000
const MAX_REDIRECTS = 3
const FAILURE_BACKOFF_MS = 60_000

const allowPrivate = () => process.env.WEB_FEEDS_ALLOW_PRIVATE === '1'

export interface FeedRow {
  id: string
  companyId: number
  name: string
  url: string
  requestMethod: string
  contentType: string
  cacheTtlSeconds: number
}

const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0)
    const list = addresses as dns.LookupAddress[]
    if (list.some((a) => isPrivateAddress(a.address)) && !allowPrivate()) return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 0)
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FeedFetchError'
  }
}

function requestOnce(url: URL, method: 'GET' | 'POST', timeoutMs: number): Promise<{ status: number; location?: string; body?: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http
    const req = lib.request(url, { method, lookup: guardedLookup, timeout: timeoutMs, headers: { 'user-agent': 'MerchantAutomation-WebFeeds/1.0', accept: 'application/json, application/xml, text/xml, */*' } }, (res) => {
      const status = res.statusCode ?? 0
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume()
        return resolve({ status, location: res.headers.location })
      }
      if (status < 200 || status >= 300) {
        res.resume()
        return resolve({ status })
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (c: Buffer) => {
        size += c.length
        if (size > MAX_FEED_BYTES) {
          req.destroy()
          reject(new FeedFetchError('The feed is larger than 2 MB.'))
          return
        }
        chunks.push(c)
      })
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })))
    req.on('error', reject)
    req.end()
  })
}

/** The feed's body text; throws FeedFetchError with a message for the settings screen. */
export async function fetchFeedBody(raw: string, method: 'get' | 'post' = 'get', timeoutMs = TIMEOUT_MS): Promise<string> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new FeedFetchError('The feed URL is not a valid http or https address.')
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError('The feed URL must be http or https.')
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (net.isIP(host) && isPrivateAddress(host) && !allowPrivate()) throw new FeedFetchError('Feeds cannot be read from private network addresses.')
    let res: Awaited<ReturnType<typeof requestOnce>>
    try {
      res = await requestOnce(url, method === 'post' ? 'POST' : 'GET', timeoutMs)
    } catch (e) {
      if (e instanceof FeedFetchError) throw e
      const code = (e as { code?: string }).code
      throw new FeedFetchError(code === 'EPRIVATE' ? 'Feeds cannot be read from private network addresses.'
        : code === 'ETIMEDOUT' ? 'The feed did not answer in time.' : 'The feed could not be reached.')
    }
    if (res.location) {
      url = new URL(res.location, url)
      continue
    }
    if (res.body === undefined) throw new FeedFetchError(`The feed answered with status ${res.status}.`)
    return res.body
  }
  throw new FeedFetchError('The feed redirected too many times.')
}

type CacheEntry = { at: number; ok: true; value: unknown; version: string } | { at: number; ok: false; version: string }
const cache = new Map<string, CacheEntry>()
const inflight = new Map<string, Promise<unknown>>()

export function clearWebFeedCache(): void {
  cache.clear()
}

/** Fetches and parses a feed now (no cache); records the outcome on the row. */
export async function refreshFeed(feed: FeedRow & { updatedAt?: Date }, now = new Date()): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  try {
    const body = await fetchFeedBody(feed.url, feed.requestMethod === 'post' ? 'post' : 'get')
    const value = parseFeedBody(body, feed.contentType === 'xml' ? 'xml' : 'json')
    await db.webFeed.updateMany({ where: { companyId: feed.companyId, id: feed.id }, data: { status: 'ok', lastError: null, cachedBody: body.slice(0, 200_000), fetchedAt: now } })
    return { ok: true, value }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    await db.webFeed.updateMany({ where: { companyId: feed.companyId, id: feed.id }, data: { status: 'warning_periodic_refresh_timeout', lastError: message.slice(0, 500) } }).catch(() => {})
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
  const p = refreshFeed(feed, now).then((r) => {
    cache.set(feed.id, r.ok ? { at: t, ok: true, value: r.value, version: edited } : { at: t, ok: false, version: edited })
    return r.ok ? r.value : null
  }).finally(() => inflight.delete(feed.id))
  inflight.set(feed.id, p)
  return p
}

/** Template names: the feed's name with anything but letters, digits and _ replaced by _. */
export const feedKey = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_')

/** feeds.<name> for the names a template uses (all of the company's feeds when names is null). */
export async function feedsForRender(companyId: number, names: Set<string> | null, now = new Date()): Promise<Record<string, unknown>> {
  if (names && !names.size) return {}
  const rows = await db.webFeed.findMany({ where: { companyId, status: { not: 'disabled' } } })
  const out: Record<string, unknown> = {}
  await Promise.all(rows.filter((r) => !names || names.has(feedKey(r.name))).map(async (r) => {
    out[feedKey(r.name)] = await readFeed(r, now)
  }))
  return out
}
