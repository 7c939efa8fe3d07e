// /staff/account/:companyId/create-support-ticket: staff open a ticket on an account's behalf,
// in the account's own support tickets (the SupportTicket model of /support).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { staffAccountAccess, type StaffActor } from './staff-account-access'

export const staffSupportTicketBody = z.object({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
})

export async function createStaffSupportTicket(
  actor: StaffActor,
  companyId: number,
  body: z.infer<typeof staffSupportTicketBody>,
) {
  await staffAccountAccess(actor, companyId, 'support_ticket.create', { subject: body.subject })
  const ticket = await db.supportTicket.create({
    data: { companyId, userId: actor.userId, subject: body.subject, message: body.message, path: 'staff' },
    select: { id: true, subject: true, status: true, createdAt: true },
  })
  return { ticket }
}

export async function listAccountSupportTickets(actor: StaffActor, companyId: number) {
  await staffAccountAccess(actor, companyId, 'support_ticket.list')
  const tickets = await db.supportTicket.findMany({
    where: { companyId },
    select: { id: true, subject: true, status: true, createdAt: true },
    orderBy: { id: 'desc' },
    take: 50,
  })
  return { tickets }
}
