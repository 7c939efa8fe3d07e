import { ajax } from '@/lib/http/ajax'
import { restoreSwap } from '@/lib/message-swap/swap-message'

// POST /ajax/messages/swap/{swapId}/restore – puts back the content a swap replaced (409 once restored)
export const POST = ajax({
  resources: ['campaigns_write', 'flows_write'],
  handler: ({ ctx, params }) => restoreSwap(ctx.principal.companyId, params.swapId!),
})
