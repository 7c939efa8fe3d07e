// Merging an anonymous profile into the known one when the visitor identifies: its events,
// list and segment memberships, consents and suppressions move to the kept profile; each
// attribute and custom property keeps the value written last (Profile.attributeTimes; on a tie,
// or for rows without times, the kept profile wins and the other only fills gaps); the merged
// times are the newer of each; the anonymous profile is deleted; and a
// 'Merged Profile' event on the kept profile records it. Idempotent: the event's unique_id
// is 'merge:<fromId>', and re-running after the delete finds nothing left to move.
import type Database from 'better-sqlite3'
import { prep, sqlDate, writeTx } from '@/lib/db/sqlite'
import { notFound } from '@/lib/http/app-error'
import { getOrCreateMetricSync } from '@/lib/events/get-or-create-metric'
import { insertEventSync } from '@/lib/events/insert-event'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { refreshMemberCount } from '@/lib/segments/apply-membership'
import { lastWrite, newerEntry, parseTimes, propertyPath, setTimeEntry, timeEntry, type AttributeTimes } from './attribute-times'
import { findProfileBy, parseProps, updateProfileColumns, type RawProfile } from './profile-store'
import { ATTRIBUTE_FIELDS, LOCATION_FIELDS } from './types'

type Conn = Database.Database
export const MERGED_PROFILE_METRIC = 'Merged Profile'

export function mergeProfilesSync(conn: Conn, companyId: number, from: RawProfile, into: RawProfile, now = new Date()): void {
  const c = companyId
  const f = from.id
  const t = into.id
  // Events: a duplicate unique_id already on the kept profile stays there; the other copy goes.
  prep('UPDATE OR IGNORE Event SET profileId = ? WHERE companyId = ? AND profileId = ?', conn).run(t, c, f)
  prep('DELETE FROM Event WHERE companyId = ? AND profileId = ?', conn).run(c, f)
  // Memberships: a group both belong to keeps the kept profile's row (revived if it had left).
  const groups = (prep('SELECT DISTINCT groupId FROM GroupMembership WHERE companyId = ? AND profileId IN (?, ?)', conn).all(c, f, t) as {
    groupId: string
  }[]).map((r) => r.groupId)
  prep(
    `UPDATE GroupMembership SET leftAt = NULL WHERE companyId = ? AND profileId = ? AND leftAt IS NOT NULL
       AND groupId IN (SELECT groupId FROM GroupMembership WHERE companyId = ? AND profileId = ? AND leftAt IS NULL)`,
    conn,
  ).run(c, t, c, f)
  prep('UPDATE OR IGNORE GroupMembership SET profileId = ? WHERE companyId = ? AND profileId = ?', conn).run(t, c, f)
  prep('DELETE FROM GroupMembership WHERE companyId = ? AND profileId = ?', conn).run(c, f)
  prep('UPDATE GroupMembershipChange SET profileId = ? WHERE companyId = ? AND profileId = ?', conn).run(t, c, f)
  for (const g of groups) refreshMemberCount(conn, g)
  // Consents: the kept profile's own choice wins unless it never made one.
  prep(
    `DELETE FROM ProfileConsent WHERE companyId = ? AND profileId = ? AND status = 'never_subscribed'
       AND channel IN (SELECT channel FROM ProfileConsent WHERE companyId = ? AND profileId = ? AND status <> 'never_subscribed')`,
    conn,
  ).run(c, t, c, f)
  prep('UPDATE OR IGNORE ProfileConsent SET profileId = ? WHERE companyId = ? AND profileId = ?', conn).run(t, c, f)
  prep('UPDATE Suppression SET profileId = ? WHERE companyId = ? AND profileId = ?', conn).run(t, c, f)

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
    return tf > ti || (tf === ti && !intoHas && fromHas)
  }
  for (const k of [...ATTRIBUTE_FIELDS, ...LOCATION_FIELDS]) {
    if (fromWins(k, into[k] != null, from[k] != null) && from[k] !== into[k]) fill[k] = from[k] ?? null
  }
  const fromProps = parseProps(from.properties)
  const props = parseProps(into.properties)
  const keys = new Set([...Object.keys(fromProps), ...Object.keys(props)])
  for (const t of [fromTimes, intoTimes]) for (const p of Object.keys(t)) if (p.startsWith('properties.')) keys.add(p.slice('properties.'.length))
  for (const k of keys) {
    const fromHas = Object.hasOwn(fromProps, k)
    if (!fromWins(propertyPath(k), Object.hasOwn(props, k), fromHas)) continue
    if (fromHas) Object.defineProperty(props, k, { value: fromProps[k], enumerable: true, writable: true, configurable: true })
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
  fill.updatedAt = sqlDate(now)
  // The anonymous id is freed by the delete; the caller decides whether the kept profile takes it.
  prep('DELETE FROM Profile WHERE companyId = ? AND id = ?', conn).run(c, f)
  updateProfileColumns(conn, c, t, fill)
  Object.assign(into, fill)

  const metric = getOrCreateMetricSync(conn, c, MERGED_PROFILE_METRIC, 'api')
  insertEventSync(conn, {
    companyId: c, profileId: t, metricId: metric.id, ts: Math.floor(now.getTime() / 1000), uniqueId: `merge:${f}`,
    properties: JSON.stringify({ merged_profile_id: f }),
  })
}

/** Merges profile fromId into intoId (both of companyId); 404 when either is missing. */
export async function mergeProfiles(companyId: number, fromId: string, intoId: string): Promise<void> {
  if (fromId === intoId) return
  await writeTx((conn) => {
    const from = findProfileBy(conn, companyId, 'id', fromId)
    const into = findProfileBy(conn, companyId, 'id', intoId)
    if (!from || !into) throw notFound('Profile not found.')
    mergeProfilesSync(conn, companyId, from, into)
  })
  // Events, memberships and consents moved onto the kept profile: every segment may change.
  await reevaluateProfiles(companyId, [intoId], { all: true })
}
