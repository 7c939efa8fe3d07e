import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { ITEM_SUBTYPES } from '@/lib/catalog/api/ajax'

export const dynamic = 'force-dynamic'

// GET /ajax/catalog/item-subtypes → { success, itemSubtypes: [{ id, name }] }
export const GET = ajax({
  resources: ['catalog_read'],
  handler: () => catalogCall(() => ({ itemSubtypes: ITEM_SUBTYPES.map((s) => ({ ...s })) })),
})
