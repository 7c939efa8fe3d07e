// A support ticket from the in-app support form (no chat provider configured).
import { z } from 'zod'
import { db } from '@/lib/db/client'

export const createSupportTicketBody = z.object({
  subject: z.string().trim().min(1, 'Enter a subject.').max(200),
  message: z.string().trim().min(1, 'Enter a message.').max(5000),
  path: z.string().max(2000).optional(),
})
export type CreateSupportTicketInput = z.infer<typeof createSupportTicketBody>

export const ticketView = (t: {
  id: number
  subject: string
  message: string
  status: string
  path: string | null
  createdAt: Date
}) => ({
  id: t.id,
  subject: t.subject,
  message: t.message,
  status: t.status,
  path: t.path,
  createdAt: t.createdAt.toISOString(),
})

export async function createSupportTicket(companyId: number, userId: number, input: CreateSupportTicketInput) {
  const t = await db.supportTicket.create({
    data: { companyId, userId, subject: input.subject, message: input.message, path: input.path ?? null },
  })
  return ticketView(t)
}
