import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { deleteVariantAjax, updateVariantAjax } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// PATCH /ajax/catalog-new/variants/{variantId} – changed fields → { success, variant } (price/inventory changes are recorded)
export const PATCH = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx, params }) =>
    catalogCall(async () =>
      updateVariantAjax(ctx.principal.companyId, params.id!, camelizeKeys(await readBody(ctx.req))),
    ),
})

// DELETE /ajax/catalog-new/variants/{variantId} → { success, id }
export const DELETE = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx, params }) => catalogCall(() => deleteVariantAjax(ctx.principal.companyId, params.id!)),
})
