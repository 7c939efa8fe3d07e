import { ajax } from '@/lib/http/ajax'
import { createSupportTicket, createSupportTicketBody } from '@/lib/support/create-support-ticket'
import { listSupportTickets } from '@/lib/support/list-support-tickets'

// GET /ajax/support/tickets – the company's latest support tickets (/support/contact)
export const GET = ajax({
  handler: ({ ctx }) => listSupportTickets(ctx.principal.companyId),
})

// POST /ajax/support/tickets – stores a support request from the in-app support form
export const POST = ajax({
  body: createSupportTicketBody,
  status: 201,
  handler: async ({ ctx, body }) => ({
    ticket: await createSupportTicket(ctx.principal.companyId, ctx.principal.userId, body),
  }),
})
