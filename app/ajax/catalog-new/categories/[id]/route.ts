import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { deleteCategoryAjax, updateCategoryAjax } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// PATCH /ajax/catalog-new/categories/{id} – { name?, itemIds? (replaces the items) } → { success, category }
export const PATCH = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx, params }) =>
    catalogCall(async () =>
      updateCategoryAjax(ctx.principal.companyId, params.id!, camelizeKeys(await readBody(ctx.req))),
    ),
})

// DELETE /ajax/catalog-new/categories/{id} → { success, id }
export const DELETE = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx, params }) => catalogCall(() => deleteCategoryAjax(ctx.principal.companyId, params.id!)),
})
