import { ajax } from '@/lib/http/ajax'
import { cardOrderBody, reorderCards } from '@/lib/analytics/dashboards'

// PUT /ajax/analytics/dashboards/{id}/cards/order – the cards' new order (every card id once)
export const PUT = ajax({
  resources: ['dashboard'],
  body: cardOrderBody,
  handler: ({ ctx, params, body }) => reorderCards(ctx.principal.companyId, params.id!, body),
})
