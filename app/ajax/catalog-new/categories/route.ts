import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { createCategoryAjax, listCategoriesAjax } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// GET /ajax/catalog-new/categories?q&integrationId&orderBy&page&num_per_page(25)&catalogItemId&ids[]
//   → { success, categories, page, numPerPage, total }
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx }) =>
    catalogCall(() => {
      const url = new URL(ctx.req.url)
      const one = (k: string) => url.searchParams.get(k) ?? undefined
      const ids = [...url.searchParams.getAll('ids[]'), ...url.searchParams.getAll('ids')]
        .flatMap((v) => v.split(','))
        .filter(Boolean)
      return listCategoriesAjax(ctx.principal.companyId, {
        q: one('q'),
        integrationId: one('integrationId'),
        orderBy: one('orderBy'),
        page: one('page'),
        num_per_page: one('num_per_page'),
        catalogItemId: one('catalogItemId'),
        ids,
      })
    }),
})

// POST /ajax/catalog-new/categories – { externalId, name, itemIds? } → { success, category }
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx }) =>
    catalogCall(async () => createCategoryAjax(ctx.principal.companyId, camelizeKeys(await readBody(ctx.req)))),
})
