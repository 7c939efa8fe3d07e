import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { variantsOfItemAjax } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// GET /ux-api/catalog-variants-v1?itemId={catalogItemId} → { success, variants }
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx }) =>
    catalogCall(() =>
      variantsOfItemAjax(ctx.principal.companyId, new URL(ctx.req.url).searchParams.get('itemId') ?? ''),
    ),
})
