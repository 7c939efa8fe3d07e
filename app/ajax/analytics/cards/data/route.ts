import { ajax } from '@/lib/http/ajax'
import { cardData, checkCardRefs } from '@/lib/analytics/card-data'
import { cardSpec } from '@/lib/analytics/dashboard-card-spec'
import { cardContext } from '@/lib/analytics/card-context'

// POST /ajax/analytics/cards/data – figures of an unsaved card (curated dashboards, the card editor's preview)
export const POST = ajax({
  resources: ['dashboard'],
  body: cardSpec,
  handler: async ({ ctx, body }) => {
    const c = cardContext(ctx.principal)
    await checkCardRefs(c, body)
    return cardData(c, body)
  },
})
