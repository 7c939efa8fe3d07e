// The quick replies of the account filled in for one conversation's customer, for the thread's
// menu: the agent sees (and may edit) the text that will be sent.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { listQuickReplies } from './automations/quick-replies'
import { profileVariables, renderReply } from './automations/render-reply'

export async function conversationQuickReplies(companyId: number, conversationId: number) {
  const conv = await db.conversation.findFirst({
    where: { companyId, id: conversationId },
    select: { profileId: true },
  })
  if (!conv) throw notFound('This conversation does not exist.')
  const [replies, profile, company] = await Promise.all([
    listQuickReplies(companyId),
    db.profile.findFirst({ where: { companyId, id: conv.profileId } }),
    db.company.findUnique({ where: { id: companyId }, select: { name: true } }),
  ])
  const vars = profileVariables(profile, company?.name ?? '')
  return { quickReplies: replies.map((r) => ({ id: r.id, name: r.name, text: renderReply(r.body, vars) })) }
}
