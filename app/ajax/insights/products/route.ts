import { ajax } from '@/lib/http/ajax'
import { getProductInsights } from '@/lib/insights/get-product-insights'
import { productsQuery } from '@/lib/insights/inputs'

// GET /ajax/insights/products – top products, products bought together and repeat rate per product
export const GET = ajax({
  resources: ['metrics_read'],
  query: productsQuery,
  handler: ({ ctx, query }) => getProductInsights(ctx.principal.companyId, query),
})
export type ProductsResponse = Awaited<ReturnType<typeof getProductInsights>>
