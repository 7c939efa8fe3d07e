import { ajax } from '@/lib/http/ajax'
import { createAbTest } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/ab_test/create – turns an email or SMS action into an A/B test of two variations; a new version
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => createAbTest(ctx.principal.companyId, params.id!, ctx.principal.userId),
})
