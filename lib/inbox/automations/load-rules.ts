// The company's automation rules and settings as answerInbound reads them, in three queries.
import { db } from '@/lib/db/client'
import { parseBusinessHours, type BusinessHours } from './business-hours'
import { parsePhrases } from './normalise-text'
import type { FaqRule, IntentRule } from './match-rules'

export interface AutomationRules {
  timeZone: string
  companyName: string
  hours: BusinessHours
  awayEnabled: boolean
  awayText: string
  faqAutoAnswer: boolean
  intents: IntentRule[]
  faqs: FaqRule[]
}

const ACTIONS = new Set(['reply', 'tag', 'start_flow', 'close'])

export async function loadRules(companyId: number): Promise<AutomationRules | null> {
  const [company, settings, intents, faqs] = await Promise.all([
    db.company.findUnique({ where: { id: companyId }, select: { name: true, timezone: true } }),
    db.inboxSettings.findUnique({ where: { companyId } }),
    db.inboxIntent.findMany({ where: { companyId, enabled: true } }),
    db.inboxFaq.findMany({ where: { companyId, enabled: true } }),
  ])
  if (!company) return null
  return {
    timeZone: company.timezone || 'UTC',
    companyName: company.name,
    hours: parseBusinessHours(settings?.businessHours),
    awayEnabled: settings?.awayEnabled ?? false,
    awayText: settings?.awayText ?? '',
    faqAutoAnswer: settings?.faqAutoAnswer ?? false,
    intents: intents
      .filter((i) => ACTIONS.has(i.action))
      .map((i) => ({ ...i, action: i.action as IntentRule['action'], phrases: parsePhrases(i.phrases) })),
    faqs: faqs.map((f) => ({ ...f, phrases: parsePhrases(f.phrases) })),
  }
}
