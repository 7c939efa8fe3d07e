// One ticket of one company: another company's ticket is simply not found.
import { db } from '@/lib/db/client'
import { ticketView } from './create-support-ticket'

export async function getSupportTicket(companyId: number, ticketId: number) {
  if (!Number.isSafeInteger(ticketId) || ticketId <= 0) return null
  const t = await db.supportTicket.findFirst({ where: { id: ticketId, companyId } })
  return t ? ticketView(t) : null
}
