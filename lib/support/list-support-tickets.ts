// The current company's support tickets, newest first, for /support/contact: what was already
// asked (by anyone in the account), so a second ticket about the same thing is not filed.
import { db } from '@/lib/db/client'
import { ticketView } from './create-support-ticket'

const PAGE = 20

export async function listSupportTickets(companyId: number) {
  const rows = await db.supportTicket.findMany({ where: { companyId }, orderBy: { id: 'desc' }, take: PAGE })
  return { tickets: rows.map(ticketView) }
}
export type ListSupportTicketsResponse = Awaited<ReturnType<typeof listSupportTickets>>
