import { ajax } from '@/lib/http/ajax'
import { createGuideList, guideListBody } from '@/lib/onboarding/list-setup'

// POST /ajax/onboarding/list-setup {name, optInProcess} – makes the account's first list
export const POST = ajax({
  resources: ['groups_write'],
  body: guideListBody,
  status: 201,
  handler: ({ ctx, body }) => createGuideList(ctx.principal.companyId, body),
})
