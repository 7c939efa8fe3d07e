// Marketing consent as the store reports it, applied to a profile without ever downgrading a
// newer consent: the store's state is written only when the store changed it after the consent
// we hold was given (a merchant's unsubscribe in the product, newer than the store's opt-in,
// stays). A store consent without a time only fills a channel we hold nothing for.
// An unsubscribe also records the unsubscribed suppression (what the product's own unsubscribe
// writes); a newer store opt-in clears it.
import { kysely } from '@/lib/db/kysely'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import type { ConsentChannel, ConsentStatus } from '@/lib/profiles/consent'
import { clearSuppressionsOps, setConsentOps } from '@/lib/profiles/consent-sync'
import type { CommerceProvider, StoreConsent } from './types'

const STATUS: Record<StoreConsent['state'], ConsentStatus> = {
  subscribed: 'subscribed',
  unsubscribed: 'unsubscribed',
  pending: 'pending',
  not_subscribed: 'never_subscribed',
}

const toMs = (v: string | Date | null | undefined) => {
  if (v == null) return null
  const ms = v instanceof Date ? v.getTime() : Date.parse(v)
  return Number.isFinite(ms) ? ms : null
}

/** Whether the store's consent may replace what we hold (pure, for the tables of tests). */
export function storeConsentWins(
  store: StoreConsent,
  held: { status: string; consentedAt: Date | string | null } | undefined,
): boolean {
  const at = toMs(store.updatedAt)
  if (!held) return STATUS[store.state] !== 'never_subscribed' || at !== null
  if (held.status === STATUS[store.state]) return false
  const heldAt = toMs(held.consentedAt)
  return at !== null && (heldAt === null || at > heldAt)
}

/** Whether either channel's store consent would change what we hold (a read, no write). */
export function* storeConsentChangesOps(
  companyId: number,
  profileId: string,
  email: StoreConsent | null | undefined,
  sms: StoreConsent | null | undefined,
): Ops<boolean> {
  const rows = yield* select(
    kysely()
      .selectFrom('ProfileConsent')
      .select(['channel', 'status', 'consentedAt'])
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', 'in', ['email_marketing', 'sms_marketing']),
  )
  const held = (channel: string) =>
    rows.find((r) => r.channel === channel) as { status: string; consentedAt: Date | string | null } | undefined
  const wins = (c: StoreConsent | null | undefined, channel: string) =>
    !!c && c.state in STATUS && storeConsentWins(c, held(channel))
  return wins(email, 'email_marketing') || wins(sms, 'sms_marketing')
}

/** Applies one channel's store consent; returns whether anything changed. */
export function* applyStoreConsentOps(
  companyId: number,
  profileId: string,
  channel: Extract<ConsentChannel, 'email_marketing' | 'sms_marketing'>,
  consent: StoreConsent | null | undefined,
  provider: CommerceProvider,
  now = new Date(),
): Ops<boolean> {
  if (!consent || !(consent.state in STATUS)) return false
  const held = yield* selectFirst(
    kysely()
      .selectFrom('ProfileConsent')
      .select(['status', 'consentedAt'])
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', channel),
  )
  if (!storeConsentWins(consent, held as { status: string; consentedAt: Date | string | null } | undefined))
    return false
  const status = STATUS[consent.state]
  const at = toMs(consent.updatedAt)
  yield* setConsentOps(companyId, profileId, channel, status, {
    method: provider.toUpperCase(),
    source: consent.optInLevel ?? null,
    at: new Date(at !== null ? Math.min(at, now.getTime()) : now.getTime()),
  })
  const suppression = channel === 'email_marketing' ? 'email' : 'sms'
  if (status === 'subscribed') yield* clearSuppressionsOps(companyId, profileId, suppression, ['unsubscribed'])
  if (status === 'unsubscribed') {
    const active = yield* selectFirst(
      kysely()
        .selectFrom('Suppression')
        .select('id')
        .where('companyId', '=', companyId)
        .where('profileId', '=', profileId)
        .where('channel', '=', suppression)
        .where('reason', '=', 'unsubscribed')
        .where('clearedAt', 'is', null),
    )
    if (!active) {
      yield* exec(
        kysely()
          .insertInto('Suppression')
          .values({
            companyId,
            profileId,
            channel: suppression,
            reason: 'unsubscribed',
            createdAt: dbDate(now) as never,
          }),
      )
    }
  }
  return true
}
