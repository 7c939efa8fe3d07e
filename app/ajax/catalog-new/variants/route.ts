import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { createVariantAjax } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// POST /ajax/catalog-new/variants – { itemId, externalId, title, description, sku, price, inventoryQuantity, url, … } → { success, variant }
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx }) =>
    catalogCall(async () => createVariantAjax(ctx.principal.companyId, camelizeKeys(await readBody(ctx.req)))),
})
