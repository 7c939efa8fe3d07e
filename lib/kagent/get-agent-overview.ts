// /kagent/overview: what the conversation agent did over the last 30 days — customer messages
// received, how many it answered and by which kind of rule (FAQ, intent, away message), how its
// answers were delivered, and the state of its knowledge (the inbox FAQ entries). The answers
// themselves are on /kagent/history, the entries on /kagent/knowledge.
import { db } from '@/lib/db/client'

const DAYS = 30
const DELIVERED = new Set(['sent', 'delivered'])
const FAILED = new Set(['failed', 'bounced', 'refused'])

export async function getAgentOverview(companyId: number, now = new Date()) {
  const since = new Date(now.getTime() - DAYS * 86_400_000)
  const [inbound, decisions, answers, faqs, settings] = await Promise.all([
    db.conversationMessage.count({ where: { companyId, direction: 'in', createdAt: { gte: since } } }),
    db.inboxAutomationDecision.groupBy({
      by: ['ruleKind'],
      where: { companyId, createdAt: { gte: since } },
      _count: { _all: true },
    }),
    db.conversationMessage.groupBy({
      by: ['deliveryStatus'],
      where: { companyId, kind: 'automatic', createdAt: { gte: since } },
      _count: { _all: true },
    }),
    db.inboxFaq.findMany({ where: { companyId }, select: { enabled: true } }),
    db.inboxSettings.findFirst({ where: { companyId }, select: { faqAutoAnswer: true, awayEnabled: true } }),
  ])
  const byRule = Object.fromEntries(decisions.map((d) => [d.ruleKind, d._count._all]))
  let delivered = 0
  let failed = 0
  let pending = 0
  for (const a of answers) {
    const n = a._count._all
    if (DELIVERED.has(a.deliveryStatus ?? '')) delivered += n
    else if (FAILED.has(a.deliveryStatus ?? '')) failed += n
    else pending += n
  }
  const answered = delivered + failed + pending
  return {
    days: DAYS,
    inbound,
    answered,
    outcomes: { delivered, failed, pending },
    byRule: { faq: byRule.faq ?? 0, intent: byRule.intent ?? 0, awayMessage: byRule.away_message ?? 0 },
    knowledge: {
      entries: faqs.length,
      enabled: faqs.filter((f) => f.enabled).length,
      autoAnswer: settings?.faqAutoAnswer ?? false,
      awayMessage: settings?.awayEnabled ?? false,
    },
  }
}
export type AgentOverviewResponse = Awaited<ReturnType<typeof getAgentOverview>>
