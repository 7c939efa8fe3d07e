// Unsubscribing a profile from email marketing, and the list choices of the preference page,
// as database work (Ops) so the consent change, the suppression, the list memberships and the
// "Unsubscribed" event commit together. Idempotent: a profile already unsubscribed is left
// as it is and no second event is recorded (a repeated one-click POST, a mail client that
// POSTs twice, the page and the mailto both used).
import { kysely } from '@/lib/db/kysely'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { clearSuppressionsOps, getConsentStatusOps, setConsentOps } from '@/lib/profiles/consent-sync'
import { addToListOps } from '@/lib/profiles/list-membership-sync'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'
import { emailUnsubscribedOps } from './unsubscribe-consumers'

/** How the change was made (the consent's method) and where (its source). */
export interface ConsentOrigin {
  /** ONE_CLICK | UNSUBSCRIBE_PAGE | PREFERENCE_PAGE | MAILTO | API | SPAM_COMPLAINT */
  method: string
  /** e.g. "List-Unsubscribe-Post", "Hosted page", the send id, the API's custom source. */
  source: string | null
}

export interface Target {
  companyId: number
  profileId: string
  /** The send the recipient came from (null for API jobs). */
  sendId: string | null
  /** Properties for the event: the message and its source. */
  eventProperties?: Record<string, unknown>
}

/** Returns true when the profile was subscribed (or never asked) and is now unsubscribed. */
export function* unsubscribeEmailOps(t: Target, origin: ConsentOrigin, now: Date): Ops<boolean> {
  const status = yield* getConsentStatusOps(t.companyId, t.profileId, 'email_marketing')
  const suppressed = yield* selectFirst(
    kysely()
      .selectFrom('Suppression')
      .select('id')
      .where('companyId', '=', t.companyId)
      .where('profileId', '=', t.profileId)
      .where('channel', '=', 'email')
      .where('reason', '=', 'unsubscribed')
      .where('clearedAt', 'is', null),
  )
  if (status === 'unsubscribed' && suppressed) return false
  yield* setConsentOps(t.companyId, t.profileId, 'email_marketing', 'unsubscribed', {
    method: origin.method,
    source: origin.source,
    at: now,
  })
  if (!suppressed) {
    yield* exec(
      kysely().insertInto('Suppression').values({
        companyId: t.companyId,
        profileId: t.profileId,
        channel: 'email',
        reason: 'unsubscribed',
        createdAt: now,
      }),
    )
  }
  if (status !== 'unsubscribed') {
    yield* recordMessageEventOps({
      companyId: t.companyId,
      profileId: t.profileId,
      metric: MESSAGE_METRICS.email.unsubscribed,
      sendId: t.sendId,
      at: now,
      properties: { Method: origin.method, ...(origin.source ? { Source: origin.source } : {}), ...t.eventProperties },
      // A profile-level event without a send: one per unsubscribe moment.
      ...(t.sendId ? {} : { occurrence: `unsubscribed:${t.profileId}:${now.getTime()}` }),
    })
    // Issue 21: the connected shop learns of it too (a job committed with the unsubscribe).
    yield* emailUnsubscribedOps(t.companyId, t.profileId, now)
  }
  return status !== 'unsubscribed'
}

/** Subscribes again from the preference page: consent subscribed, the unsubscribe suppression cleared. */
export function* resubscribeEmailOps(t: Target, origin: ConsentOrigin, now: Date): Ops<boolean> {
  const status = yield* getConsentStatusOps(t.companyId, t.profileId, 'email_marketing')
  yield* clearSuppressionsOps(t.companyId, t.profileId, 'email', ['unsubscribed'])
  if (status === 'subscribed') return false
  yield* setConsentOps(t.companyId, t.profileId, 'email_marketing', 'subscribed', {
    method: origin.method,
    source: origin.source,
    at: now,
  })
  return true
}

/** Ends the profile's membership of these lists (the vendor's "removed from list"). Returns how many it left. */
export function* leaveListsOps(companyId: number, profileId: string, listIds: string[], now: Date): Ops<number> {
  if (!listIds.length) return 0
  const current = (yield* select(
    kysely()
      .selectFrom('GroupMembership')
      .select('groupId')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('leftAt', 'is', null)
      .where('groupId', 'in', listIds),
  )).map((r) => r.groupId)
  for (const groupId of current) {
    yield* exec(
      kysely()
        .updateTable('GroupMembership')
        .set({ leftAt: now })
        .where('groupId', '=', groupId)
        .where('profileId', '=', profileId)
        .where('leftAt', 'is', null),
    )
    yield* exec(
      kysely().insertInto('GroupMembershipChange').values({ companyId, groupId, profileId, kind: 'left', at: now }),
    )
    yield* exec(
      kysely()
        .updateTable('Group')
        .set((eb) => ({ memberCount: eb('memberCount', '-', 1) }))
        .where('id', '=', groupId)
        .where('companyId', '=', companyId),
    )
  }
  return current.length
}

export function* joinListsOps(companyId: number, profileId: string, listIds: string[], now: Date): Ops<number> {
  let n = 0
  for (const id of listIds) n += yield* addToListOps(companyId, id, [profileId], 'preference_page', now)
  return n
}
