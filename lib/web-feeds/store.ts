// Web feeds (/api/web-feeds, /settings/other/web-feeds): a named JSON or XML URL that templates
// read as feeds.<name> at send time (fetch-feed.ts). Names are unique per company.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { feedKey } from './fetch-feed'

export const MAX_FEEDS = 100
export const FEED_METHODS = ['get', 'post'] as const
export const FEED_CONTENT_TYPES = ['json', 'xml'] as const

export interface WebFeedInput {
  name?: string
  url?: string
  requestMethod?: (typeof FEED_METHODS)[number]
  contentType?: (typeof FEED_CONTENT_TYPES)[number]
  cacheTtlSeconds?: number
}

const fail = (field: string, message: string) => new AppError('invalid', 400, message, { [field]: [message] })

function check(input: WebFeedInput) {
  if (input.name !== undefined) {
    const n = input.name.trim()
    if (!n) throw fail('name', 'A feed name is required.')
    if (n.length > 100) throw fail('name', 'A feed name may be at most 100 characters.')
    if (!/^[A-Za-z_][A-Za-z0-9_ -]*$/.test(n))
      throw fail('name', 'A feed name starts with a letter or _ and contains only letters, digits, spaces, - and _.')
  }
  if (input.url !== undefined) {
    let u: URL | null = null
    try {
      u = new URL(input.url)
    } catch {
      u = null
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || input.url.length > 2000)
      throw fail('url', 'Enter an http or https URL (at most 2,000 characters).')
  }
  if (
    input.cacheTtlSeconds !== undefined &&
    (!Number.isInteger(input.cacheTtlSeconds) || input.cacheTtlSeconds < 60 || input.cacheTtlSeconds > 86_400)
  ) {
    throw fail('cache_ttl_seconds', 'The cache time is from 60 seconds to 86,400 seconds (one day).')
  }
}

const isUnique = (e: unknown) => (e as { code?: string })?.code === 'P2002'

async function sameKeyTaken(companyId: number, name: string, exceptId?: string) {
  const rows = await db.webFeed.findMany({ where: { companyId }, select: { id: true, name: true } })
  return rows.some((r) => r.id !== exceptId && feedKey(r.name).toLowerCase() === feedKey(name).toLowerCase())
}

export async function createWebFeed(
  companyId: number,
  input: Required<Pick<WebFeedInput, 'name' | 'url'>> & WebFeedInput,
) {
  check(input)
  if ((await db.webFeed.count({ where: { companyId } })) >= MAX_FEEDS)
    throw new AppError('invalid', 400, `An account may have at most ${MAX_FEEDS} web feeds.`)
  const name = input.name.trim()
  if (await sameKeyTaken(companyId, name))
    throw new AppError('duplicate', 409, `A web feed named ${name} already exists.`, {
      name: [`A web feed named ${name} already exists.`],
    })
  try {
    return await db.webFeed.create({
      data: {
        id: ulid(),
        companyId,
        name,
        url: input.url,
        requestMethod: input.requestMethod ?? 'get',
        contentType: input.contentType ?? 'json',
        ...(input.cacheTtlSeconds !== undefined ? { cacheTtlSeconds: input.cacheTtlSeconds } : {}),
      },
    })
  } catch (e) {
    if (isUnique(e))
      throw new AppError('duplicate', 409, `A web feed named ${name} already exists.`, {
        name: [`A web feed named ${name} already exists.`],
      })
    throw e
  }
}

export const getWebFeed = (companyId: number, id: string) => db.webFeed.findFirst({ where: { companyId, id } })

export async function getWebFeedOrThrow(companyId: number, id: string) {
  const f = await getWebFeed(companyId, id)
  if (!f) throw new AppError('not_found', 404, `A web feed with id ${id} was not found.`)
  return f
}

export async function updateWebFeed(companyId: number, id: string, input: WebFeedInput) {
  await getWebFeedOrThrow(companyId, id)
  check(input)
  const data: Record<string, unknown> = {}
  if (input.name !== undefined) {
    if (await sameKeyTaken(companyId, input.name.trim(), id))
      throw new AppError('duplicate', 409, `A web feed named ${input.name.trim()} already exists.`, {
        name: [`A web feed named ${input.name.trim()} already exists.`],
      })
    data.name = input.name.trim()
  }
  if (input.url !== undefined) data.url = input.url
  if (input.requestMethod !== undefined) data.requestMethod = input.requestMethod
  if (input.contentType !== undefined) data.contentType = input.contentType
  if (input.cacheTtlSeconds !== undefined) data.cacheTtlSeconds = input.cacheTtlSeconds
  if (input.url !== undefined || input.contentType !== undefined || input.requestMethod !== undefined)
    Object.assign(data, { cachedBody: null, fetchedAt: null, lastError: null, status: 'ok' })
  try {
    await db.webFeed.updateMany({ where: { companyId, id }, data })
  } catch (e) {
    if (isUnique(e))
      throw new AppError('duplicate', 409, 'A web feed with that name already exists.', {
        name: ['A web feed with that name already exists.'],
      })
    throw e
  }
  return (await getWebFeed(companyId, id))!
}

export async function deleteWebFeed(companyId: number, id: string) {
  await getWebFeedOrThrow(companyId, id)
  await db.webFeed.deleteMany({ where: { companyId, id } })
}

type DateRange = Partial<Record<'gt' | 'gte' | 'lt' | 'lte', Date>>

export function listWebFeeds(
  companyId: number,
  opts: {
    after?: string | null
    limit: number
    nameContains?: string
    names?: string[]
    created?: DateRange
    updated?: DateRange
  },
) {
  return db.webFeed.findMany({
    where: {
      companyId,
      ...(opts.after ? { id: { gt: opts.after } } : {}),
      ...(opts.nameContains ? { name: { contains: opts.nameContains } } : {}),
      ...(opts.names ? { name: { in: opts.names } } : {}),
      ...(opts.created ? { createdAt: opts.created } : {}),
      ...(opts.updated ? { updatedAt: opts.updated } : {}),
    },
    orderBy: { id: 'asc' },
    take: opts.limit,
  })
}
