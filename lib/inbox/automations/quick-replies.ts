// Quick replies (/inbox/settings/quick-replies, /inbox/customization/quick_response): saved
// texts with profile variables that the team inserts into a thread. Names are unique per company.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { replyText } from './reply-text'

export const quickReplyBody = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'),
  body: replyText('Enter the reply.'),
})
export type QuickReplyInput = z.infer<typeof quickReplyBody>

const VIEW = { id: true, name: true, body: true, updatedAt: true } as const
const TAKEN = { name: ['A quick reply with this name exists.'] }

export const listQuickReplies = (companyId: number) =>
  db.inboxQuickReply.findMany({ where: { companyId }, orderBy: { name: 'asc' }, select: VIEW })

export async function saveQuickReply(companyId: number, input: QuickReplyInput, id?: number) {
  const clash = await db.inboxQuickReply.findFirst({
    where: { companyId, name: input.name, ...(id ? { id: { not: id } } : {}) },
    select: { id: true },
  })
  if (clash) throw badRequest('Please correct the highlighted fields.', TAKEN)
  try {
    if (!id) return await db.inboxQuickReply.create({ data: { companyId, ...input }, select: VIEW })
    const r = await db.inboxQuickReply.updateMany({ where: { id, companyId }, data: input })
    if (!r.count) throw notFound('Quick reply not found.')
    return (await db.inboxQuickReply.findFirst({ where: { id, companyId }, select: VIEW }))!
  } catch (e) {
    if ((e as { code?: string })?.code === 'P2002') throw badRequest('Please correct the highlighted fields.', TAKEN)
    throw e
  }
}

export async function deleteQuickReply(companyId: number, id: number): Promise<void> {
  const r = await db.inboxQuickReply.deleteMany({ where: { id, companyId } })
  if (!r.count) throw notFound('Quick reply not found.')
}
