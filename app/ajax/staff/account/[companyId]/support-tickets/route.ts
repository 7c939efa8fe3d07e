import { ajax } from '@/lib/http/ajax'
import {
  createStaffSupportTicket,
  listAccountSupportTickets,
  staffSupportTicketBody,
} from '@/lib/staff/create-staff-support-ticket'

// GET /ajax/staff/account/[companyId]/support-tickets – staff: the account's support tickets (consent required)
export const GET = ajax({
  staff: ['staff_support_tickets_write'],
  intParams: ['companyId'],
  handler: ({ ctx, params }) =>
    listAccountSupportTickets({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId)),
})

// POST /ajax/staff/account/[companyId]/support-tickets – staff: open a ticket for the account
export const POST = ajax({
  staff: ['staff_support_tickets_write'],
  intParams: ['companyId'],
  body: staffSupportTicketBody,
  status: 201,
  handler: ({ ctx, params, body }) =>
    createStaffSupportTicket({ userId: ctx.principal.userId, ip: ctx.ip }, Number(params.companyId), body),
})
