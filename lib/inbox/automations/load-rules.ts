// The company's automation rules and settings as answerInbound reads them, and the inbox
// settings' channels and numbers the webhook's store checks: read after every inbound message,
// written seldom, so each process keeps a company's rules for RULES_CACHE_MS on Kysely's
// prepared statements. The writers in this process (saveInboxSettings, the intent and FAQ
// editors) drop the entry at once (forgetRules); a change made through another process (another
// web server, the worker, SQL), or to the company's name or time zone, is seen within that time.
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { ttlCache } from '@/lib/db/ttl-cache'
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
  /** The inbox settings' channels and inbound numbers as stored (JSON lists), null without a settings row. */
  feeds: { channels: string; inboundNumbers: string } | null
}

export const RULES_CACHE_MS = 5_000

const cache = ttlCache<number, AutomationRules | null>('inbox-rules', RULES_CACHE_MS)

const ACTIONS = new Set(['reply', 'tag', 'start_flow', 'close'])

async function readRules(companyId: number): Promise<AutomationRules | null> {
  const db = kysely()
  const [company, settings, intents, faqs] = await Promise.all([
    read(selectFirst(db.selectFrom('Company').select(['name', 'timezone']).where('id', '=', companyId))),
    read(selectFirst(db.selectFrom('InboxSettings').selectAll().where('companyId', '=', companyId))),
    read(
      select(
        db
          .selectFrom('InboxIntent')
          .select(['id', 'key', 'phrases', 'action', 'replyText', 'tag', 'flowId', 'enabled', 'priority'])
          .where('companyId', '=', companyId)
          .where('enabled', '=', true)
          .orderBy('id'),
      ),
    ),
    read(
      select(
        db
          .selectFrom('InboxFaq')
          .select(['id', 'question', 'answer', 'phrases', 'enabled'])
          .where('companyId', '=', companyId)
          .where('enabled', '=', true)
          .orderBy('id'),
      ),
    ),
  ])
  if (!company) return null
  return {
    timeZone: company.timezone || 'UTC',
    companyName: company.name,
    hours: parseBusinessHours(settings?.businessHours),
    awayEnabled: Boolean(settings?.awayEnabled),
    awayText: settings?.awayText ?? '',
    faqAutoAnswer: Boolean(settings?.faqAutoAnswer),
    intents: intents
      .filter((i) => ACTIONS.has(i.action))
      .map((i) => ({
        ...i,
        enabled: true,
        action: i.action as IntentRule['action'],
        phrases: parsePhrases(i.phrases),
      })),
    faqs: faqs.map((f) => ({ ...f, enabled: true, phrases: parsePhrases(f.phrases) })),
    feeds: settings ? { channels: settings.channels, inboundNumbers: settings.inboundNumbers } : null,
  }
}

export const loadRules = (companyId: number): Promise<AutomationRules | null> =>
  cache.get(companyId, () => readRules(companyId))

/** This process's fresh copy of a company's rules, if it has one (for code inside a transaction). */
export const peekRules = (companyId: number): { value: AutomationRules | null } | undefined => cache.peek(companyId)

/** After a write of a company's inbox settings, intents or FAQs in this process. */
export const forgetRules = (companyId: number): void => cache.forget(companyId)
