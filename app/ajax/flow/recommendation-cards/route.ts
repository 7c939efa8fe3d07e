import { ajax } from '@/lib/http/ajax'
import { createCardBody, createFromCard, recommendationCards } from '@/lib/flows/ajax/other-recommendations'

// GET /ajax/flow/recommendation-cards – flows the company is missing (no welcome series, no abandoned checkout flow …), not dismissed
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => recommendationCards(ctx.principal.companyId),
})

// POST /ajax/flow/recommendation-cards – creates the card's flow as a draft (card_key, optional name)
export const POST = ajax({
  resources: ['flows_create'],
  body: createCardBody,
  handler: ({ ctx, body }) => createFromCard(ctx.principal.companyId, body.cardKey, body.name),
})
