import { ajax } from '@/lib/http/ajax'
import { getSwapPreview } from '@/lib/message-swap/swap-message'
import { swapPreviewQuery } from '@/lib/message-swap/swap-types'

// GET /ajax/messages/swap/preview?channel&kind&id&source_id – the message's content beside the saved content, and its versions
export const GET = ajax({
  resources: ['campaigns_read'],
  query: swapPreviewQuery,
  handler: ({ ctx, query }) => getSwapPreview(ctx.principal.companyId, query),
})
