// What an inbound text (SMS or WhatsApp) does to the sender's profile, as database work for
// one transaction with its event: the profile found by phone number (created when the number
// is new to the company), and the consent change of a STOP or START keyword, recorded with its
// method and source. SMS STOP also adds an 'unsubscribed' suppression on sms (as every other
// unsubscribe path does); START clears it.
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
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
