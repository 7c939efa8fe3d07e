import { ajax } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { productRatings } from '@/lib/reviews/reviews-overview'

// GET /ajax/reviews/products/:id – one catalog item's rating summary (its reviews come from /ajax/reviews?product=)
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: async ({ ctx, params }) => {
    const companyId = ctx.principal.companyId
    const item = await db.catalogItem.findFirst({
      where: { companyId, id: params.id!, deleted: false },
      select: { id: true, title: true, externalId: true, url: true, imageThumbnailUrl: true },
    })
    if (!item) throw notFound('This product does not exist.')
    const [stats] = await productRatings(companyId, item.id)
    return {
      id: item.id,
      title: item.title,
      externalId: item.externalId,
      url: item.url,
      image: item.imageThumbnailUrl,
      reviewCount: stats?.reviewCount ?? 0,
      averageRating: stats?.averageRating ?? null,
      pendingCount: stats?.pendingCount ?? 0,
    }
  },
})
export type ReviewProductResponse = {
  id: string
  title: string
  externalId: string
  url: string
  image: string | null
  reviewCount: number
  averageRating: number | null
  pendingCount: number
}
