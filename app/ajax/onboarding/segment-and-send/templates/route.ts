import { ajax } from '@/lib/http/ajax'
import { templates } from '@/lib/campaigns/ajax/handlers'

// GET /ajax/onboarding/segment-and-send/templates – the account's templates for the guide's template gallery
export const GET = ajax({
  resources: ['campaigns_read'],
  handler: ({ ctx }) => templates(ctx.principal.companyId),
})
