// "Make a segment of this group": segment conditions cannot say "in the top quintile of
// recency", because a quintile depends on every other customer, so the group's members as of
// the date are stored as a static list (a snapshot, named so; the screen says it does not
// update itself).
import { createList } from '@/lib/groups/create-list'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { notFound } from '@/lib/errors/app-error'
import { findOrderMetricId } from '@/lib/predictive/order-metric'
import { sql } from 'kysely'
import { endOfDay, today, type RfmGroup } from './inputs'
import { rfmScoresSql } from './rfm-scores'
import { rows } from './run-sql'

/** addProfilesToList takes at most 10,000 ids a call. */
const CHUNK = 10_000

export async function rfmGroupMembers(companyId: number, group: RfmGroup, date: string): Promise<string[]> {
  const metricId = await findOrderMetricId(companyId)
  if (!metricId) return []
  const found = await rows(
    sql<{ profileId: string }>`select "profileId" from ${rfmScoresSql(companyId, metricId, endOfDay(date))} x
      where grp = ${group} order by "profileId"`,
  )
  return found.map((r) => r.profileId)
}

export async function createRfmList(
  companyId: number,
  input: { group: RfmGroup; date?: string; name?: string },
  now = new Date(),
) {
  const date = input.date ?? today(now)
  const ids = await rfmGroupMembers(companyId, input.group, date)
  if (ids.length === 0) throw notFound('This group has no customers on that date.')
  const list = await createList(companyId, { name: input.name ?? `RFM ${input.group.replace('_', ' ')} (${date})` })
  for (let i = 0; i < ids.length; i += CHUNK)
    await addProfilesToList(companyId, list.id, ids.slice(i, i + CHUNK), 'rfm_snapshot')
  return { listId: list.id, name: list.name, members: ids.length, snapshot: true as const }
}
