import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getSupportTicket } from '@/lib/support/get-support-ticket'

// GET /ajax/support/tickets/[ticketId] – one of the current company's support tickets
export const GET = ajax({
  intParams: ['ticketId'],
  handler: async ({ ctx, params }) => {
    const ticket = await getSupportTicket(ctx.principal.companyId, Number(params.ticketId))
    if (!ticket) throw notFound('Ticket not found.')
    return { ticket }
  },
})
