// Merging an anonymous profile into the known one when the visitor identifies: its events,
// list and segment memberships, consents, suppressions and inbox conversations move to the kept profile; each
// attribute and custom property keeps the value written last (Profile.attributeTimes; on a tie,
// or for rows without times, the kept profile wins and the other only fills gaps); the merged
// times are the newer of each; the anonymous profile is deleted; and a
// 'Merged Profile' event on the kept profile records it. Idempotent: the event's unique_id
// is 'merge:<fromId>', and re-running after the delete finds nothing left to move.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, select, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { notFound } from '@/lib/errors/app-error'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import {
  lastWrite,
  newerEntry,
  parseTimes,
  propertyPath,
  setTimeEntry,
  timeEntry,
  type AttributeTimes,
} from './attribute-times'
import { refreshMemberCountOps } from './list-membership-sync'
import { profileMergedOps } from './merge-consumers'
import { mergeConversationsOps } from './merge-conversations'
import { findProfileByOps, parseProps, updateProfileColumnsOps, type RawProfile } from './profile-store'
import { ATTRIBUTE_FIELDS, LOCATION_FIELDS } from './types'

export const MERGED_PROFILE_METRIC = 'Merged Profile'

export interface MergeOptions {
  /**
   * The vendor's merge (POST /api/profile-merge): the kept profile's values win every conflict
   * and the other profile only fills its gaps, identifiers included. Default: the newer write wins.
   */
  keepInto?: boolean
}

export function* mergeProfilesOps(
  companyId: number,
  from: RawProfile,
  into: RawProfile,
  now = new Date(),
  opts: MergeOptions = {},
): Ops<void> {
  const c = companyId
  const f = from.id
  const t = into.id
  const k = kysely()
  // Events: a duplicate unique_id already on the kept profile stays there; the other copy goes.
  yield* exec(
    k
      .updateTable('Event as e')
      .set({ profileId: t })
      .where('e.companyId', '=', c)
      .where('e.profileId', '=', f)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('Event as k')
              .select(sql.lit(1).as('one'))
              .where('k.companyId', '=', c)
              .where('k.profileId', '=', t)
              .whereRef('k.metricId', '=', 'e.metricId')
              .whereRef('k.uniqueId', '=', 'e.uniqueId'),
          ),
        ),
      ),
  )
  yield* exec(k.deleteFrom('Event').where('companyId', '=', c).where('profileId', '=', f))
  // Memberships: a group both belong to keeps the kept profile's row (revived if it had left).
  const groups = (yield* select(
    k
      .selectFrom('GroupMembership')
      .select('groupId')
      .distinct()
      .where('companyId', '=', c)
      .where('profileId', 'in', [f, t]),
  )).map((r) => r.groupId)
  yield* exec(
    k
      .updateTable('GroupMembership')
      .set({ leftAt: null })
      .where('companyId', '=', c)
      .where('profileId', '=', t)
      .where('leftAt', 'is not', null)
      .where('groupId', 'in', (eb) =>
        eb
          .selectFrom('GroupMembership')
          .select('groupId')
          .where('companyId', '=', c)
          .where('profileId', '=', f)
          .where('leftAt', 'is', null),
      ),
  )
  yield* exec(
    k
      .updateTable('GroupMembership as m')
      .set({ profileId: t })
      .where('m.companyId', '=', c)
      .where('m.profileId', '=', f)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('GroupMembership as k')
              .select(sql.lit(1).as('one'))
              .where('k.profileId', '=', t)
              .whereRef('k.groupId', '=', 'm.groupId'),
          ),
        ),
      ),
  )
  yield* exec(k.deleteFrom('GroupMembership').where('companyId', '=', c).where('profileId', '=', f))
  yield* exec(
    k.updateTable('GroupMembershipChange').set({ profileId: t }).where('companyId', '=', c).where('profileId', '=', f),
  )
  for (const g of groups) yield* refreshMemberCountOps(g)
  // Consents: the kept profile's own choice wins unless it never made one.
  yield* exec(
    k
      .deleteFrom('ProfileConsent')
      .where('companyId', '=', c)
      .where('profileId', '=', t)
      .where('status', '=', 'never_subscribed')
      .where('channel', 'in', (eb) =>
        eb
          .selectFrom('ProfileConsent')
          .select('channel')
          .where('companyId', '=', c)
          .where('profileId', '=', f)
          .where('status', '<>', 'never_subscribed'),
      ),
  )
  yield* exec(
    k
      .updateTable('ProfileConsent as pc')
      .set({ profileId: t })
      .where('pc.companyId', '=', c)
      .where('pc.profileId', '=', f)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ProfileConsent as k')
              .select(sql.lit(1).as('one'))
              .where('k.profileId', '=', t)
              .whereRef('k.channel', '=', 'pc.channel'),
          ),
        ),
      ),
  )
  yield* exec(k.updateTable('Suppression').set({ profileId: t }).where('companyId', '=', c).where('profileId', '=', f))
  // The devices the merged profile registered keep receiving push as the kept profile.
  yield* exec(k.updateTable('PushToken').set({ profileId: t }).where('companyId', '=', c).where('profileId', '=', f))
  // Inbox conversations: moved, or joined to the kept profile's thread on the same channel.
  yield* mergeConversationsOps(c, f, t, now)

  // Attributes and properties: the newer write of each wins.
  const fill: Record<string, unknown> = {}
  const fromTimes = parseTimes(from.attributeTimes)
  const intoTimes = parseTimes(into.attributeTimes)
  const times: AttributeTimes = {}
  // from's value replaces into's when it was written later, or (same time) fills a gap.
  const fromWins = (path: string, intoHas: boolean, fromHas: boolean) => {
    const tf = lastWrite(fromTimes, path)
    const ti = lastWrite(intoTimes, path)
    setTimeEntry(times, path, newerEntry(timeEntry(fromTimes, path), timeEntry(intoTimes, path)))
    if (opts.keepInto) return !intoHas && fromHas
    return tf > ti || (tf === ti && !intoHas && fromHas)
  }
  for (const k of [...ATTRIBUTE_FIELDS, ...LOCATION_FIELDS]) {
    if (fromWins(k, into[k] != null, from[k] != null) && from[k] !== into[k]) fill[k] = from[k] ?? null
  }
  const fromProps = parseProps(from.properties)
  const props = parseProps(into.properties)
  const keys = new Set([...Object.keys(fromProps), ...Object.keys(props)])
  for (const t of [fromTimes, intoTimes])
    for (const p of Object.keys(t)) if (p.startsWith('properties.')) keys.add(p.slice('properties.'.length))
  for (const k of keys) {
    const fromHas = Object.hasOwn(fromProps, k)
    if (!fromWins(propertyPath(k), Object.hasOwn(props, k), fromHas)) continue
    if (fromHas)
      Object.defineProperty(props, k, { value: fromProps[k], enumerable: true, writable: true, configurable: true })
    else delete props[k]
  }
  // The identifiers stay the kept profile's (the caller decides about the freed anonymous id).
  for (const [p, e] of Object.entries(intoTimes)) if (!Object.hasOwn(times, p)) setTimeEntry(times, p, e)
  const propsJson = JSON.stringify(props)
  if (propsJson !== into.properties) fill.properties = propsJson
  const timesJson = Object.keys(times).length ? JSON.stringify(times) : null
  if (timesJson !== (into.attributeTimes ?? null)) fill.attributeTimes = timesJson
  const lastFrom = from.lastEventAt as string | null
  if (lastFrom && (!into.lastEventAt || lastFrom > (into.lastEventAt as string))) fill.lastEventAt = lastFrom
  fill.updatedAt = dbDate(now)
  // The anonymous id is freed by the delete; the caller decides whether the kept profile takes it.
  yield* exec(k.deleteFrom('Profile').where('companyId', '=', c).where('id', '=', f))
  if (opts.keepInto) {
    // Freed by the delete above, so the kept profile can take the ones it lacks.
    for (const id of ['email', 'phoneNumber', 'externalId'] as const)
      if (into[id] == null && from[id] != null) fill[id] = from[id]
  }
  yield* updateProfileColumnsOps(c, t, fill)
  Object.assign(into, fill)

  // The 'Merged Profile' event (lib/events/merged-profile-event.ts, a registered consumer).
  yield* profileMergedOps({ companyId: c, fromId: f, intoId: t, now })
}

/** Merges profile fromId into intoId (both of companyId); 404 when either is missing. */
export async function mergeProfiles(
  companyId: number,
  fromId: string,
  intoId: string,
  opts: MergeOptions = {},
): Promise<void> {
  if (fromId === intoId) return
  await inWriteTx(function* () {
    const from = yield* findProfileByOps(companyId, 'id', fromId)
    const into = yield* findProfileByOps(companyId, 'id', intoId)
    if (!from || !into) throw notFound('Profile not found.')
    yield* mergeProfilesOps(companyId, from, into, new Date(), opts)
  })
  // Events, memberships and consents moved onto the kept profile: every segment may change.
  await reevaluateProfiles(companyId, [intoId], { all: true })
}
