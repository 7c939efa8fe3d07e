// What the hosted pages and the one-click POST do for the recipient of a send: unsubscribe,
// read and save the preference page. Every write is one transaction, scoped by the send's
// own company and profile; segments are re-evaluated after the commit.
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, read, select, type Ops } from '@/lib/db/ops'
import { getConsentStatusOps } from '@/lib/profiles/consent-sync'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import type { Recipient } from './resolve-token'
import {
  joinListsOps,
  leaveListsOps,
  resubscribeEmailOps,
  unsubscribeEmailOps,
  type ConsentOrigin,
} from './unsubscribe-email'

const eventProperties = (r: Recipient) => ({
  $message: r.sourceId,
  $source_type: r.sourceType,
  channel: r.channel,
  ...(r.subject ? { Subject: r.subject } : {}),
})

/** Unsubscribes the recipient from email marketing; true when this call changed it. */
export async function unsubscribeRecipient(r: Recipient, origin: ConsentOrigin, now = new Date()): Promise<boolean> {
  const changed = await inWriteTx(() =>
    unsubscribeEmailOps(
      { companyId: r.companyId, profileId: r.profileId, sendId: r.sendId, eventProperties: eventProperties(r) },
      origin,
      now,
    ),
  )
  if (changed) await reevaluateProfiles(r.companyId, [r.profileId], { profileChanged: true })
  return changed
}

export interface PreferenceList {
  id: string
  name: string
  member: boolean
}

export interface Preferences {
  emailSubscribed: boolean
  lists: PreferenceList[]
}

/**
 * The lists the recipient can choose on: every list of the company they are or were on (a
 * list they left can be joined again), or only `listId` on a list's own page.
 * Returns null when `listId` is not a live list of the recipient's company.
 */
function* preferencesOps(r: Recipient, listId?: string): Ops<Preferences | null> {
  let q = kysely()
    .selectFrom('Group as g')
    .leftJoin('GroupMembership as m', (j) => j.onRef('m.groupId', '=', 'g.id').on('m.profileId', '=', r.profileId))
    .select(['g.id', 'g.name', 'm.id as membershipId', 'm.leftAt'])
    .where('g.companyId', '=', r.companyId)
    .where('g.type', '=', 0)
    .where('g.deletedAt', 'is', null)
  q = listId ? q.where('g.id', '=', listId) : q.where('m.id', 'is not', null)
  const rows = yield* select(q.orderBy('g.name').orderBy('g.id'))
  if (listId && !rows.length) return null
  const status = yield* getConsentStatusOps(r.companyId, r.profileId, 'email_marketing')
  return {
    emailSubscribed: status !== 'unsubscribed',
    lists: rows.map((x) => ({ id: x.id, name: x.name, member: x.membershipId !== null && x.leftAt === null })),
  }
}

export const loadPreferences = (r: Recipient, listId?: string) => read(preferencesOps(r, listId))

export interface PreferenceChoice {
  emailSubscribed: boolean
  /** The list ids ticked on the page; lists shown but not ticked are left. */
  keepLists: string[]
}

/** Saves the page: null when the list of a list page is not the company's. */
export async function savePreferences(
  r: Recipient,
  choice: PreferenceChoice,
  listId?: string,
  now = new Date(),
): Promise<Preferences | null> {
  const origin: ConsentOrigin = { method: 'PREFERENCE_PAGE', source: listId ? `list:${listId}` : 'Preference page' }
  let changedLists: string[] = []
  const out = await inWriteTx(function* () {
    const before = yield* preferencesOps(r, listId)
    if (!before) return null
    const shown = new Set(before.lists.map((l) => l.id))
    const keep = new Set(choice.keepLists.filter((id) => shown.has(id)))
    const leaving = before.lists.filter((l) => l.member && !keep.has(l.id)).map((l) => l.id)
    const joining = before.lists.filter((l) => !l.member && keep.has(l.id)).map((l) => l.id)
    yield* leaveListsOps(r.companyId, r.profileId, leaving, now)
    yield* joinListsOps(r.companyId, r.profileId, joining, now)
    changedLists = [...leaving, ...joining]
    const target = {
      companyId: r.companyId,
      profileId: r.profileId,
      sendId: r.sendId,
      eventProperties: eventProperties(r),
    }
    if (!choice.emailSubscribed) yield* unsubscribeEmailOps(target, origin, now)
    else if (!before.emailSubscribed) yield* resubscribeEmailOps(target, origin, now)
    return yield* preferencesOps(r, listId)
  })
  if (out)
    await reevaluateProfiles(r.companyId, [r.profileId], {
      profileChanged: true,
      ...(changedLists.length ? { listIds: changedLists } : {}),
    })
  return out
}
