// /kagent/history: the conversation agent's automatic answers, newest first, each with the
// customer's message it answered and the rule that chose it. The inbox writes an automatic reply
// with clientRequestId auto:<inbound message id>:<n> (lib/inbox/apply-automations.ts), so that id
// is the link back to the question and to the InboxAutomationDecision rows of that message.
import { z } from 'zod'
import { db } from '@/lib/db/client'

export const listAgentAnswersQuery = z.object({
  channel: z.enum(['sms', 'whatsapp', 'email', 'chat']).optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
export type ListAgentAnswersQuery = z.infer<typeof listAgentAnswersQuery>

const inboundIdOf = (clientRequestId: string | null) => {
  const m = /^auto:(\d+):/.exec(clientRequestId ?? '')
  return m ? Number(m[1]) : null
}

export async function listAgentAnswers(companyId: number, q: ListAgentAnswersQuery) {
  const rows = await db.conversationMessage.findMany({
    where: { companyId, kind: 'automatic', channel: q.channel, id: q.before ? { lt: q.before } : undefined },
    orderBy: { id: 'desc' },
    // One beyond the page tells whether there is another.
    take: q.limit + 1,
    select: {
      id: true,
      channel: true,
      body: true,
      deliveryStatus: true,
      createdAt: true,
      clientRequestId: true,
      conversationId: true,
      conversation: { select: { profileId: true } },
    },
  })
  const page = rows.slice(0, q.limit)
  const inboundIds = [...new Set(page.map((r) => inboundIdOf(r.clientRequestId)).filter((x): x is number => !!x))]
  const profileIds = [...new Set(page.map((r) => r.conversation.profileId))]
  const [questions, decisions, profiles] = await Promise.all([
    db.conversationMessage.findMany({
      where: { companyId, id: { in: inboundIds } },
      select: { id: true, body: true, createdAt: true },
    }),
    db.inboxAutomationDecision.findMany({
      where: { companyId, messageId: { in: inboundIds } },
      select: { messageId: true, ruleKind: true, ruleId: true },
    }),
    db.profile.findMany({
      where: { companyId, id: { in: profileIds } },
      select: { id: true, email: true, phoneNumber: true, firstName: true, lastName: true },
    }),
  ])
  const faqIds = decisions.filter((d) => d.ruleKind === 'faq' && d.ruleId).map((d) => d.ruleId!)
  const intentIds = decisions.filter((d) => d.ruleKind === 'intent' && d.ruleId).map((d) => d.ruleId!)
  const [faqs, intents] = await Promise.all([
    db.inboxFaq.findMany({ where: { companyId, id: { in: faqIds } }, select: { id: true, question: true } }),
    db.inboxIntent.findMany({ where: { companyId, id: { in: intentIds } }, select: { id: true, name: true } }),
  ])
  const questionById = new Map(questions.map((x) => [x.id, x]))
  const profileById = new Map(profiles.map((p) => [p.id, p]))
  const ruleName = (kind: string, id: number | null) =>
    kind === 'faq'
      ? (faqs.find((f) => f.id === id)?.question ?? null)
      : kind === 'intent'
        ? (intents.find((i) => i.id === id)?.name ?? null)
        : null

  return {
    answers: page.map((r) => {
      const inboundId = inboundIdOf(r.clientRequestId)
      const q = inboundId ? questionById.get(inboundId) : undefined
      const d = decisions.find((x) => x.messageId === inboundId)
      const p = profileById.get(r.conversation.profileId)
      return {
        id: r.id,
        conversationId: r.conversationId,
        channel: r.channel,
        answer: r.body,
        deliveryStatus: r.deliveryStatus,
        createdAt: r.createdAt.toISOString(),
        question: q ? { body: q.body, createdAt: q.createdAt.toISOString() } : null,
        rule: d ? { kind: d.ruleKind, id: d.ruleId, name: ruleName(d.ruleKind, d.ruleId) } : null,
        profile: p
          ? {
              id: p.id,
              name: [p.firstName, p.lastName].filter(Boolean).join(' ') || null,
              contact: p.email ?? p.phoneNumber,
            }
          : null,
      }
    }),
    nextBefore: rows.length > q.limit ? page[page.length - 1].id : null,
  }
}
export type ListAgentAnswersResponse = Awaited<ReturnType<typeof listAgentAnswers>>
