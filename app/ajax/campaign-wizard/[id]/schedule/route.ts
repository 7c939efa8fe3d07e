import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign-wizard/{id}/schedule – the campaign (send strategy and options)
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.wizardSchedule(ctx.principal.companyId, params.id!),
})

// POST /ajax/campaign-wizard/{id}/schedule – saves the send strategy and options; send: true sends or schedules it
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.saveWizardSchedule(
      ctx.principal.companyId,
      ctx.principal.userId,
      params.id!,
      await ajaxBody(ctx.req, h.wizardScheduleBody),
    ),
})
