// The /settings/other/web-feeds screen's /ajax data: the account's feeds (with their template
// key, cache time and last fetch), create and edit with field errors named as the screen names
// its fields (camelCase), delete. Everything is scoped to the signed-in company.
import { z } from 'zod'
import { AppError } from '@/lib/errors/app-error'
import { feedKey } from './fetch-feed'
import {
  createWebFeed,
  deleteWebFeed,
  FEED_CONTENT_TYPES,
  FEED_METHODS,
  getWebFeedOrThrow,
  listWebFeeds,
  MAX_FEEDS,
  updateWebFeed,
} from './store'

const name = z
  .string({ message: 'A feed name is required.' })
  .trim()
  .min(1, 'A feed name is required.')
  .max(100, 'A feed name may be at most 100 characters.')
const url = z.string({ message: 'Enter an http or https URL.' }).trim().min(1, 'Enter an http or https URL.')
const cache = z.coerce
  .number({ message: 'Enter the cache time in seconds.' })
  .int('Enter a whole number of seconds.')
  .min(60, 'The cache time is from 60 seconds to 86,400 seconds (one day).')
  .max(86_400, 'The cache time is from 60 seconds to 86,400 seconds (one day).')
const method = z.enum(FEED_METHODS, { message: 'Choose GET or POST.' })
const contentType = z.enum(FEED_CONTENT_TYPES, { message: 'Choose JSON or XML.' })

export const createWebFeedBody = z.object({
  name,
  url,
  requestMethod: method.default('get'),
  contentType: contentType.default('json'),
  cacheTtlSeconds: cache.default(300),
})
export const updateWebFeedBody = z.object({
  name: name.optional(),
  url: url.optional(),
  requestMethod: method.optional(),
  contentType: contentType.optional(),
  cacheTtlSeconds: cache.optional(),
})

type FeedRow = Awaited<ReturnType<typeof listWebFeeds>>[number]
const view = (f: FeedRow) => ({
  id: f.id,
  name: f.name,
  key: feedKey(f.name),
  url: f.url,
  requestMethod: f.requestMethod,
  contentType: f.contentType,
  cacheTtlSeconds: f.cacheTtlSeconds,
  status: f.status,
  lastError: f.lastError,
  fetchedAt: f.fetchedAt?.toISOString() ?? null,
  created: f.createdAt.toISOString(),
  updated: f.updatedAt.toISOString(),
})
export type WebFeedView = ReturnType<typeof view>

/** The store names its cache field as the public API does; the screen names it cacheTtlSeconds. */
async function renamed<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof AppError && e.fieldErrors?.cache_ttl_seconds) {
      const { cache_ttl_seconds: c, ...rest } = e.fieldErrors
      throw new AppError(e.code, e.status, e.message, { ...rest, cacheTtlSeconds: c })
    }
    throw e
  }
}

export async function listWebFeedsAjax(companyId: number) {
  const rows = await listWebFeeds(companyId, { limit: MAX_FEEDS })
  return { feeds: rows.map(view).sort((a, b) => a.name.localeCompare(b.name)), max: MAX_FEEDS }
}

export async function createWebFeedAjax(companyId: number, body: z.infer<typeof createWebFeedBody>) {
  return { feed: view(await renamed(() => createWebFeed(companyId, body))) }
}

export async function updateWebFeedAjax(companyId: number, id: string, body: z.infer<typeof updateWebFeedBody>) {
  return { feed: view(await renamed(() => updateWebFeed(companyId, id, body))) }
}

export async function deleteWebFeedAjax(companyId: number, id: string) {
  await deleteWebFeed(companyId, id)
  return { deleted: true }
}

export async function getWebFeedAjax(companyId: number, id: string) {
  return { feed: view(await getWebFeedOrThrow(companyId, id)) }
}
