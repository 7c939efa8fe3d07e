import { ajax } from '@/lib/http/ajax'
import { createSupportTicket, createSupportTicketBody } from '@/lib/support/create-support-ticket'

// POST /ajax/support/tickets – stores a support request from the in-app support form
export const POST = ajax({
  body: createSupportTicketBody,
  status: 201,
  handler: async ({ ctx, body }) => ({
    ticket: await createSupportTicket(ctx.principal.companyId, ctx.principal.userId, body),
  }),
})
