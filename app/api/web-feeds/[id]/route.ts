import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { serializeWebFeed, WEB_FEED_FIELDS } from '@/lib/api/web-feeds/serialize-web-feed'
import { deleteWebFeed, getWebFeedOrThrow, updateWebFeed } from '@/lib/web-feeds/store'

const updateBody = z.object({
  data: z.object({
    type: z.literal('web-feed'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().optional(),
      url: z.string().optional(),
      request_method: z.enum(['get', 'post']).optional(),
      content_type: z.enum(['json', 'xml']).optional(),
    }),
  }),
})

export const GET = apiRoute({
  scopes: ['web-feeds:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const data = serializeWebFeed(
      ctx.url,
      await getWebFeedOrThrow(ctx.companyId, params.id!),
      sparseFields(ctx.url, 'web-feed', WEB_FEED_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

export const PATCH = apiRoute({
  scopes: ['web-feeds:write'],
  rate: 'M',
  body: updateBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const f = await updateWebFeed(ctx.companyId, params.id!, {
      name: a.name,
      url: a.url,
      requestMethod: a.request_method,
      contentType: a.content_type,
    })
    const data = serializeWebFeed(ctx.url, f)
    return { data, links: { self: data.links.self } }
  },
})

export const DELETE = apiRoute({
  scopes: ['web-feeds:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await deleteWebFeed(ctx.companyId, params.id!)
  },
})
