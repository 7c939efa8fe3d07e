import { ajax } from '@/lib/http/ajax'
import { getGuideList, guideOptInBody, setGuideListOptIn } from '@/lib/onboarding/list-setup'

// GET /ajax/onboarding/list-setup/{listId} – the list's name, opt-in process and member count
export const GET = ajax({
  resources: ['groups_read'],
  handler: ({ ctx, params }) => getGuideList(ctx.principal.companyId, params.listId!),
})

// POST /ajax/onboarding/list-setup/{listId} {optInProcess} – single or double opt-in
export const POST = ajax({
  resources: ['groups_write'],
  body: guideOptInBody,
  handler: ({ ctx, params, body }) => setGuideListOptIn(ctx.principal.companyId, params.listId!, body),
})
