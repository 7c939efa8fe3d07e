import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { searchCatalogItems } from '@/lib/reviews/product-groups'

const query = z.object({ q: z.string().trim().max(100).default('') })

// GET /ajax/reviews/catalog-items?q= – catalog items by title or store id (the product group picker)
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  query,
  handler: async ({ ctx, query: q }) => ({ items: await searchCatalogItems(ctx.principal.companyId, q.q) }),
})
export type ReviewCatalogItemsResponse = { items: Awaited<ReturnType<typeof searchCatalogItems>> }
