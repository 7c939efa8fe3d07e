import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findFlow } from '@/lib/flows/store'
import { validateDateTriggerInput } from '@/lib/flows/ajax/triggers-date'

// POST /ajax/flow/[id]/trigger/date-validate – checks a date trigger's fields: { valid, errors, nextDates (the next 3), trigger }
export const POST = ajax({
  resources: ['flows_read'],
  body: z.unknown(),
  handler: async ({ ctx, params, body }) => {
    if (!(await findFlow(ctx.principal.companyId, params.id!))) throw notFound('The flow was not found.')
    return validateDateTriggerInput(body, new Date(), ctx.principal.company.timezone)
  },
})
