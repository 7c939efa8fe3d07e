import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { createItemAjax, listItemsAjax, type ItemsQuery } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// GET /ajax/catalog-new/items?q&itemSubtypeId&orderBy&numPerPage(25)&feed&category&published&catalogItemId&cursor&companyId
//   → { success, nextCursor, prevCursor, reloadPage, items } (the signed-in company; companyId is not trusted)
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx }) =>
    catalogCall(() => {
      const url = new URL(ctx.req.url)
      const query = Object.fromEntries(url.searchParams.entries()) as ItemsQuery
      return listItemsAjax(ctx.principal.companyId, query)
    }),
})

// POST /ajax/catalog-new/items – JSON item → { success, item } or 400/409 { success: false, message, fieldErrors }
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx }) =>
    catalogCall(async () => createItemAjax(ctx.principal.companyId, camelizeKeys(await readBody(ctx.req)))),
})
