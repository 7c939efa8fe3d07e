import { ajax } from '@/lib/http/ajax'
import { removeCard, updateCard } from '@/lib/analytics/dashboards'
import { cardSpec } from '@/lib/analytics/dashboard-card-spec'
import { cardContext } from '@/lib/analytics/card-context'

// PUT /ajax/analytics/dashboards/{id}/cards/{cardId} – edit a card (kind, settings, timeframe, comparison, width)
export const PUT = ajax({
  resources: ['dashboard'],
  body: cardSpec,
  handler: ({ ctx, params, body }) => updateCard(cardContext(ctx.principal), params.id!, params.cardId!, body),
})

// DELETE /ajax/analytics/dashboards/{id}/cards/{cardId} – remove a card
export const DELETE = ajax({
  resources: ['dashboard'],
  handler: async ({ ctx, params }) => {
    await removeCard(ctx.principal.companyId, params.id!, params.cardId!)
    return { deleted: true }
  },
})
