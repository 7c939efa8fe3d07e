import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { variantAjax } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// GET /ux-api/catalog-variants-v1/{variantId} → { success, variant }
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx, params }) => catalogCall(() => variantAjax(ctx.principal.companyId, params.id!)),
})
