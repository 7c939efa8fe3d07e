import { ajax } from '@/lib/http/ajax'
import { cardBody, dismissCard } from '@/lib/flows/ajax/other-recommendations'

// POST /ajax/flow/recommendation-cards/dismiss – hides a card for the company (card_key)
export const POST = ajax({
  resources: ['flows_write'],
  body: cardBody,
  handler: ({ ctx, body }) => dismissCard(ctx.principal.companyId, ctx.principal.userId, body.cardKey),
})
