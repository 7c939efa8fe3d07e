import { ajax } from '@/lib/http/ajax'
import { addCard } from '@/lib/analytics/dashboards'
import { cardSpec } from '@/lib/analytics/dashboard-card-spec'
import { cardContext } from '@/lib/analytics/card-context'

// POST /ajax/analytics/dashboards/{id}/cards – add a card at the end of the dashboard
export const POST = ajax({
  resources: ['dashboard'],
  body: cardSpec,
  status: 201,
  handler: ({ ctx, params, body }) => addCard(cardContext(ctx.principal), params.id!, body),
})
