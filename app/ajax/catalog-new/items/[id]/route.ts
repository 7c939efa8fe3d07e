import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { deleteItemAjax, itemAjax, updateItemAjax } from '@/lib/catalog/api/ajax'
import { readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'

export const dynamic = 'force-dynamic'

// GET /ajax/catalog-new/items/{catalogItemId} → { success, item }
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx, params }) => catalogCall(() => itemAjax(ctx.principal.companyId, params.id!)),
})

// PATCH /ajax/catalog-new/items/{catalogItemId} – changed fields → { success, item }
export const PATCH = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx, params }) =>
    catalogCall(async () => updateItemAjax(ctx.principal.companyId, params.id!, camelizeKeys(await readBody(ctx.req)))),
})

// DELETE /ajax/catalog-new/items/{catalogItemId} → { success, id } (its variants and category links go too)
export const DELETE = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx, params }) => catalogCall(() => deleteItemAjax(ctx.principal.companyId, params.id!)),
})
