// What an inbound text (SMS or WhatsApp) does to the sender's profile, as database work for
// one transaction with its event: the profile found by phone number (created when the number
// is new to the company), and the consent change of a STOP or START keyword, recorded with its
// method and source. SMS STOP also adds an 'unsubscribed' suppression on sms (as every other
// unsubscribe path does); START clears it.
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queryTemplate } from '@/lib/db/query-template'
import { topicOfMetric } from '@/lib/webhooks/topic-of-metric'
import { findProfileByOps } from '@/lib/profiles/profile-store'
import { upsertProfileOps } from '@/lib/profiles/upsert-profile'
import { parseProfileInput } from '@/lib/profiles/validate-profile'
import { clearSuppressionsOps, setConsentOps } from '@/lib/profiles/consent-sync'
import type { ConsentChannel } from '@/lib/profiles/consent'

export function* profileForPhoneOps(
  companyId: number,
  phone: string,
  source: string,
  now: Date,
): Ops<{ id: string; created: boolean }> {
  const found = yield* findProfileByOps(companyId, 'phoneNumber', phone)
  if (found) return { id: found.id, created: false }
  return yield* createSenderOps(companyId, phone, source, now)
}

/** The sender's profile, found absent in this transaction a moment ago. */
function* createSenderOps(
  companyId: number,
  phone: string,
  source: string,
  now: Date,
): Ops<{ id: string; created: boolean }> {
  // The upsert need not look the number up again (a round trip per new sender): it was just
  // found absent in this transaction. A profile another transaction commits meanwhile makes the
  // insert a unique violation, which the webhooks retry, as before.
  const known = {
    find: (field: string, value: string) => (field === 'phoneNumber' && value === phone ? null : undefined),
  }
  const r = yield* upsertProfileOps(
    companyId,
    parseProfileInput({ phoneNumber: phone }),
    { mode: 'import', source },
    now,
    known,
  )
  return { id: r.raw.id, created: r.created }
}

// PostgreSQL: the sender's profile and the company's webhooks on the message event's topic in
// one statement, one round trip fewer for every inbound message (recordMessageEventOps takes
// the webhooks). The same webhook rule as lib/webhooks/enqueue-webhook-deliveries.ts: enabled,
// the company's, subscribed to the topic.
const SENDER_AND_HOOKS_PG = queryTemplate(
  5,
  (companyId: number, phone: string, companyId2: number, topic: string, companyId3: number) =>
    kysely().selectNoFrom((eb) => [
      eb
        .selectFrom('Profile')
        .select('id')
        .where('companyId', '=', companyId)
        .where('phoneNumber', '=', phone)
        .limit(1)
        .as('profileId'),
      sql<string[]>`coalesce((${eb
        .selectFrom('WebhookTopicSubscription as s')
        .innerJoin('Webhook as w', 'w.id', 's.webhookId')
        .select(sql`json_agg(w.id)`.as('ids'))
        .where('s.companyId', '=', companyId2)
        .where('s.topic', '=', topic)
        .where('w.companyId', '=', companyId3)
        .where('w.enabled', '=', true)}), '[]'::json)`.as('hooks'),
    ]),
)

/**
 * profileForPhoneOps for a message whose event (metric) is recorded next, with the company's
 * webhooks on that event's topic: read together on PostgreSQL, left to the event's own look-up
 * (undefined) on SQLite, where a statement is no round trip.
 */
export function* senderWithHooksOps(
  companyId: number,
  phone: string,
  source: string,
  now: Date,
  metric: string,
): Ops<{ id: string; created: boolean; hooks?: Array<{ id: string }> }> {
  if (dbEngine() !== 'postgresql') return yield* profileForPhoneOps(companyId, phone, source, now)
  const row = yield* selectFirst(SENDER_AND_HOOKS_PG(companyId, phone, companyId, topicOfMetric(metric), companyId))
  const hooks = (row?.hooks ?? []).map((id) => ({ id }))
  if (row?.profileId) return { id: row.profileId, created: false, hooks }
  return { ...(yield* createSenderOps(companyId, phone, source, now)), hooks }
}

export const KEYWORD_CONSENT_METHOD = 'KEYWORD'

export function* keywordConsentOps(
  companyId: number,
  profileId: string,
  channel: Extract<ConsentChannel, 'sms_marketing' | 'whatsapp'>,
  action: 'stop' | 'start',
  source: string,
  now: Date,
  method = KEYWORD_CONSENT_METHOD,
): Ops<void> {
  yield* setConsentOps(companyId, profileId, channel, action === 'stop' ? 'unsubscribed' : 'subscribed', {
    method,
    source,
    at: now,
  })
  if (channel !== 'sms_marketing') return
  if (action === 'start') {
    yield* clearSuppressionsOps(companyId, profileId, 'sms', ['unsubscribed'])
    return
  }
  const db = kysely()
  const active = yield* select(
    db
      .selectFrom('Suppression')
      .select('id')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', 'sms')
      .where('reason', '=', 'unsubscribed')
      .where('clearedAt', 'is', null),
  )
  if (!active.length)
    yield* exec(
      db
        .insertInto('Suppression')
        .values({ companyId, profileId, channel: 'sms', reason: 'unsubscribed', createdAt: now }),
    )
}
