import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { listSwapTargets } from '@/lib/message-swap/list-swap-targets'
import { swapMessage } from '@/lib/message-swap/swap-message'
import { swapBody, swapTargetsQuery } from '@/lib/message-swap/swap-types'

// GET /ajax/messages/swap?channel=email|push – the messages a swap can change and the saved content it can swap in
export const GET = ajax({
  resources: ['campaigns_read'],
  query: swapTargetsQuery,
  handler: ({ ctx, query }) => listSwapTargets(ctx.principal.companyId, query.channel),
})

// POST /ajax/messages/swap – swaps a message's content for saved content, keeping what it replaced as a version
export const POST = ajax({
  resources: ['campaigns_write', 'flows_write'],
  handler: async ({ ctx }) => {
    const body = swapBody.parse(camelizeKeys(await readBody(ctx.req)))
    return swapMessage(ctx.principal.companyId, body, ctx.principal.userId ?? null)
  },
})
