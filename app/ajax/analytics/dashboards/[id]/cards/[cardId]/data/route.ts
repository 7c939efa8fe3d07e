import { ajax } from '@/lib/http/ajax'
import { getCard } from '@/lib/analytics/dashboards'
import { cardData } from '@/lib/analytics/card-data'
import { cardContext } from '@/lib/analytics/card-context'

// GET /ajax/analytics/dashboards/{id}/cards/{cardId}/data – the card's figures for its timeframe
export const GET = ajax({
  resources: ['dashboard'],
  handler: async ({ ctx, params }) => {
    const card = await getCard(ctx.principal.companyId, params.id!, params.cardId!)
    return cardData(cardContext(ctx.principal), card.spec)
  },
})
