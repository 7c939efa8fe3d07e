import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { listProductFeeds } from '@/lib/catalog/queries'
import { asBadRequest, createProductFeed } from '@/lib/catalog/product-feed'

// GET /ajax/product-feeds – the company's product feeds for ads
export const GET = ajax({
  resources: ['feeds_read'],
  handler: ({ ctx }) => catalogCall(async () => ({ feeds: await listProductFeeds(ctx.principal.companyId) })),
})

// POST /ajax/product-feeds – { name, format: xml|json, currency, categoryIds } → { success, feed }; 400 success:false with field errors
export const POST = ajax({
  resources: ['feeds_read', 'feeds_write'],
  handler: ({ ctx }) =>
    catalogCall(async () => {
      const body = await ctx.req.json().catch(() => null)
      return { feed: await createProductFeed(ctx.principal.companyId, body).catch(asBadRequest) }
    }),
})
