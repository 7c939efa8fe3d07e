import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { notFound } from '@/lib/errors/app-error'
import { asBadRequest, deleteProductFeed, updateProductFeed } from '@/lib/catalog/product-feed'

// POST /ajax/product-feeds/{id} – edit { name, format, currency, categoryIds, rotateToken? }
export const POST = ajax({
  resources: ['feeds_read', 'feeds_write'],
  handler: ({ ctx, params }) =>
    catalogCall(async () => {
      const body = (await ctx.req.json().catch(() => null)) as Record<string, unknown> | null
      const feed = await updateProductFeed(ctx.principal.companyId, String(params.id), body, {
        rotateToken: body?.rotateToken === true,
      }).catch(asBadRequest)
      if (!feed) throw notFound('Product feed not found.')
      return { feed }
    }),
})

// DELETE /ajax/product-feeds/{id}
export const DELETE = ajax({
  resources: ['feeds_read', 'feeds_write'],
  handler: ({ ctx, params }) =>
    catalogCall(async () => {
      if (!(await deleteProductFeed(ctx.principal.companyId, String(params.id))))
        throw notFound('Product feed not found.')
      return {}
    }),
})
