// /kagent/knowledge: what the conversation agent knows — the inbox FAQ entries — with how often
// each answered a customer and when last, counted from the inbox's automation decisions.
import { db } from '@/lib/db/client'
import { listFaqs } from '@/lib/inbox/automations/faq-entries'

export async function listAgentKnowledge(companyId: number) {
  const [faqs, usage, settings] = await Promise.all([
    listFaqs(companyId),
    db.inboxAutomationDecision.groupBy({
      by: ['ruleId'],
      where: { companyId, ruleKind: 'faq' },
      _count: { _all: true },
      _max: { createdAt: true },
    }),
    db.inboxSettings.findFirst({ where: { companyId }, select: { faqAutoAnswer: true } }),
  ])
  const byId = new Map(usage.map((u) => [u.ruleId, u]))
  return {
    autoAnswer: settings?.faqAutoAnswer ?? false,
    entries: faqs.map((f) => ({
      id: f.id,
      question: f.question,
      answer: f.answer,
      phrases: f.phrases,
      enabled: f.enabled,
      answered: byId.get(f.id)?._count._all ?? 0,
      lastAnsweredAt: byId.get(f.id)?._max.createdAt?.toISOString() ?? null,
    })),
  }
}
export type ListAgentKnowledgeResponse = Awaited<ReturnType<typeof listAgentKnowledge>>
